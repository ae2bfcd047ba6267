import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/reviews.js';
import { applyDecision, checkDecision } from '../decisions.js';

/**
 * POST /api/submissions/{id}/decision: approve / reject (with a reason) on pending, complete on
 * fi_approved; one decision, atomic on the status it starts from.
 */
export const handler = createApiHandler(routes.decideSubmission, async ({ caller, params, body }) => {
  const note = body.note?.trim() || undefined;
  checkDecision(caller, body.decision, note);
  return applyDecision(caller, params.id, body.decision, note);
});
