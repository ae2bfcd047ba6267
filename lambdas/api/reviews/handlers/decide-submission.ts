import { createApiHandler, requireSignedIn } from '../../../lib/handler.js';
import { decide } from '../decisions.js';

/** POST /api/submissions/{id}/decision: approve / reject (with a reason) on pending, complete on fi_approved. */
export const handler = createApiHandler('decide-submission', async ({ caller, params, body }) => decide(requireSignedIn(caller), params.id, body));
