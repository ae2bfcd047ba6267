import { createApiHandler, requireSignedIn } from '../../../lib/handler.js';
import { assign } from '../decisions.js';

/** POST /api/submissions/{id}/assign: to a PMEC admin, by email. */
export const handler = createApiHandler('assign-submission', async ({ caller, params, body }) => assign(requireSignedIn(caller), params.id, body));
