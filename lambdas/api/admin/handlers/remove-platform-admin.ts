import { createApiHandler } from '../../../lib/handler.js';
import { removePlatformAdmin } from '../platform-admins.js';
import * as routes from '../../../../shared/routes/admin.js';

/**
 * DELETE /api/admin/platform-admins/{user_id}?role= (spec part 2 §7 /platform-admins-remove).
 * The last super_admin is never removed (spec §5, §9).
 */
export const handler = createApiHandler(routes.removePlatformAdmin, async ({ caller, params, query }) =>
  removePlatformAdmin(caller, params.user_id, query.role),
);
