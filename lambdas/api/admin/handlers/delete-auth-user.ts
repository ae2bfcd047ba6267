import { createApiHandler, requireSignedIn } from '../../../lib/handler.js';
import { deleteAuthUser, validEmailOrThrow } from '../user-links.js';

/** DELETE /api/admin/users/{email} (spec part 2 §7 /admin-delete-auth): only an existing user with no links. */
export const handler = createApiHandler('delete-auth-user', async ({ caller, params }) => deleteAuthUser(requireSignedIn(caller), validEmailOrThrow(params.email ?? '')));
