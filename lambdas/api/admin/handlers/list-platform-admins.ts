import { createApiHandler } from '../../../lib/handler.js';
import { listPlatformAdmins } from '../platform-admins.js';
import * as routes from '../../../../shared/routes/admin.js';

/** GET /api/admin/platform-admins (spec part 2 §7 /platform-admins-list): items and counts. */
export const handler = createApiHandler(routes.listPlatformAdmins, async ({ caller }) => listPlatformAdmins(caller));
