import { createApiHandler, requireSignedIn } from '../../../lib/handler.js';
import { removePlatformAdmin } from '../platform-admins.js';

/**
 * DELETE /api/admin/platform-admins/{user_id}?role= (spec part 2 §7 /platform-admins-remove).
 * The last super_admin is never removed (spec §5, §9).
 */
export const handler = createApiHandler('remove-platform-admin', async ({ caller, params, query }) =>
  removePlatformAdmin(requireSignedIn(caller), params.user_id ?? '', query.role),
);
