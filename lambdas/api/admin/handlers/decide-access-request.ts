import { createApiHandler, requireSignedIn } from '../../../lib/handler.js';
import { decideAccessRequest } from '../access-requests.js';

/** POST /api/admin/access-requests/{id}/decision (spec part 2 §7 /admin-approve): approve, reject or remove. */
export const handler = createApiHandler('decide-access-request', async ({ caller, params, body }) => decideAccessRequest(requireSignedIn(caller), params.id ?? '', body));
