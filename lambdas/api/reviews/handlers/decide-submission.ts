import { createApiHandler } from '../../../lib/handler.js';
import { applyDecision, checkDecision } from '../decisions.js';
import * as routes from '../../../../shared/routes/reviews.js';
import type { DecisionResponse, ReviewDecision } from '../../../../shared/api/reviews.js';
import type { AuthenticatedCaller } from '../../../lib/caller.js';

/** POST /api/submissions/{id}/decision: one decision, atomic on the status it starts from. */
function decide(me: AuthenticatedCaller, id: string | undefined, body: { decision: ReviewDecision; note?: string }): Promise<DecisionResponse> {
  const note = body.note?.trim() || undefined;
  checkDecision(me, body.decision, note);
  return applyDecision(me, id, body.decision, note);
}

/** POST /api/submissions/{id}/decision: approve / reject (with a reason) on pending, complete on fi_approved. */
export const handler = createApiHandler(routes.decideSubmission, async ({ caller, params, body }) => decide(caller, params.id, body));
