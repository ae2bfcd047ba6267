import { createApiHandler } from '../../../lib/handler.js';
import { deleteAuthUser } from '../user-links.js';
import * as routes from '../../../../shared/routes/admin.js';

/** DELETE /api/admin/users/{email} (spec part 2 §7 /admin-delete-auth): only an existing user with no links. */
export const handler = createApiHandler(routes.deleteAuthUser, async ({ caller, params }) => deleteAuthUser(caller, params.email));
