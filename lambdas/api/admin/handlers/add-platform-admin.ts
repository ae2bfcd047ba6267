import { createApiHandler } from '../../../lib/handler.js';
import { addPlatformAdmin } from '../platform-admins.js';
import * as routes from '../../../../shared/routes/admin.js';

/**
 * POST /api/admin/platform-admins (spec part 2 §7 /platform-admins-add): super_admin grants
 * super_admin or sys_admin, sys_admin grants sys_admin; a new email is invited.
 */
export const handler = createApiHandler(routes.addPlatformAdmin, async ({ caller, body }) => addPlatformAdmin(caller, body));
