import { createApiHandler } from '../../../lib/handler.js';
import { listAccessRequests } from '../access-requests.js';

/** GET /api/admin/access-requests?status=&q=&cursor= (spec part 2 §7 /admin-list-pending). */
export const handler = createApiHandler('list-access-requests', async ({ query }) => listAccessRequests(query));
