import { createApiHandler } from '../../../lib/handler.js';
import { listAccessRequests } from '../access-requests.js';
import * as routes from '../../../../shared/routes/admin.js';

/** GET /api/admin/access-requests?status=&q=&cursor= (spec part 2 §7 /admin-list-pending). */
export const handler = createApiHandler(routes.listAccessRequests, async ({ query }) => listAccessRequests(query));
