import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { answerDispute, DisputeStateError } from '#data/disputes/disputes.js';
import { ConflictError, ForbiddenError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { DISPUTE_MESSAGES } from '#shared/api/disputes.js';
import * as routes from '#shared/routes/disputes.js';
import { isLender } from '../../common/dispute-rights.js';
import { visibleDispute } from '../lookup.js';
import { disputeView } from '../views.js';

/**
 * POST /api/disputes/{id}/response {message}: the lender's admins answer an open dispute. Another
 * organisation gets 404; a reviewer who is not the lender 403; a dispute no longer open 409 with its state.
 */
export const handler = createApiHandler(routes.respondToDispute, async ({ caller: me, params, body }) => {
  const { dispute, rights } = await visibleDispute(me, params.id);
  const subject = auditSubject.dispute(dispute.id);
  if (!isLender(rights, dispute)) {
    await writeAudit({ actor: me, action: 'dispute.respond', subject, outcome: 'refused', details: { dispute_id: dispute.id, reason: 'not_lender' } });
    throw new ForbiddenError(DISPUTE_MESSAGES.notLender, 'not_lender');
  }
  const conflict = (current: typeof dispute) =>
    new ConflictError(DISPUTE_MESSAGES.notOpen(current.status), 'not_open', { dispute: disputeView(current, rights) });
  if (dispute.status !== 'open') throw conflict(dispute);
  try {
    const answered = await answerDispute(dispute, { email: me.email, at: new Date().toISOString(), message: body.message });
    await writeAudit({
      actor: me,
      action: 'dispute.respond',
      subject,
      outcome: 'ok',
      details: { dispute_id: dispute.id, before: { status: 'open' }, after: { status: 'answered' } },
    });
    return { dispute: disputeView(answered, rights), message: DISPUTE_MESSAGES.answered };
  } catch (error) {
    if (error instanceof DisputeStateError) throw conflict(error.dispute);
    throw error;
  }
});
