import { createApiHandler } from '../../../lib/handler.js';
import { decideMany } from '../decisions.js';
import * as routes from '../../../../shared/routes/reviews.js';

/** POST /api/submissions/decisions: the reviews screen's bulk approve, reject and complete. */
export const handler = createApiHandler(routes.decideSubmissions, async ({ caller, body }) => decideMany(caller, body));
