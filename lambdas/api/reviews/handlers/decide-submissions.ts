import { createApiHandler, requireSignedIn } from '../../../lib/handler.js';
import { decideMany } from '../decisions.js';

/** POST /api/submissions/decisions: the reviews screen's bulk approve, reject and complete. */
export const handler = createApiHandler('decide-submissions', async ({ caller, body }) => decideMany(requireSignedIn(caller), body));
