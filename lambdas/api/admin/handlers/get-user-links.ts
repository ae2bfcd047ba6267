import { createApiHandler } from '../../../lib/handler.js';
import { userLinks, validEmailOrThrow } from '../user-links.js';

/** GET /api/admin/users/{email}/links (spec part 2 §7 /admin-user-links): the User Inspector. */
export const handler = createApiHandler('get-user-links', async ({ params }) => userLinks(validEmailOrThrow(params.email ?? '')));
