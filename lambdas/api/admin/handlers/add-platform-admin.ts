import { createApiHandler, requireSignedIn } from '../../../lib/handler.js';
import { addPlatformAdmin } from '../platform-admins.js';

/**
 * POST /api/admin/platform-admins (spec part 2 §7 /platform-admins-add): super_admin grants
 * super_admin or sys_admin, sys_admin grants sys_admin; a new email is invited.
 */
export const handler = createApiHandler('add-platform-admin', async ({ caller, body }) => addPlatformAdmin(requireSignedIn(caller), body));
