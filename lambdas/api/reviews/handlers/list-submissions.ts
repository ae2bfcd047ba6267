import { createApiHandler, requireSignedIn } from '../../../lib/handler.js';
import { listSubmissions } from '../list.js';

/** GET /api/submissions: the reviews queue (reviewers: all) and the reports table (organisation admins: their organisation's). */
export const handler = createApiHandler('list-submissions', async ({ caller, query }) => listSubmissions(requireSignedIn(caller), query));
