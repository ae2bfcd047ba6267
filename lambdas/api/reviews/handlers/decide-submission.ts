import { createApiHandler } from '../../../lib/handler.js';
import { decide } from '../decisions.js';
import * as routes from '../../../../shared/routes/reviews.js';

/** POST /api/submissions/{id}/decision: approve / reject (with a reason) on pending, complete on fi_approved. */
export const handler = createApiHandler(routes.decideSubmission, async ({ caller, params, body }) => decide(caller, params.id, body));
