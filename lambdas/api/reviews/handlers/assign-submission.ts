import { createApiHandler } from '../../../lib/handler.js';
import { assign } from '../decisions.js';
import * as routes from '../../../../shared/routes/reviews.js';

/** POST /api/submissions/{id}/assign: to a PMEC admin, by email. */
export const handler = createApiHandler(routes.assignSubmission, async ({ caller, params, body }) => assign(caller, params.id, body));
