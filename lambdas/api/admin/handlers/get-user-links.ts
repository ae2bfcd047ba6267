import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/admin.js';
import { userLinks } from '../user-links.js';

/** GET /api/admin/users/{email}/links (spec part 2 §7 /admin-user-links): the User Inspector. */
export const handler = createApiHandler(routes.getUserLinks, async ({ params }) => userLinks(params.email));
