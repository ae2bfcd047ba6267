import { createApiHandler, requireSignedIn } from '../../../lib/handler.js';
import { listPlatformAdmins } from '../platform-admins.js';

/** GET /api/admin/platform-admins (spec part 2 §7 /platform-admins-list): items and counts. */
export const handler = createApiHandler('list-platform-admins', async ({ caller }) => listPlatformAdmins(requireSignedIn(caller)));
