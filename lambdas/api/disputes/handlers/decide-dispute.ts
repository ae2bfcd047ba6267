import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { decideDispute } from '#data/disputes/decision.js';
import { DisputeStateError, type StoredDispute } from '#data/disputes/disputes.js';
import { emitWebhookEvent } from '#data/webhooks/events.js';
import { ConflictError, ForbiddenError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { DISPUTE_MESSAGES, isDecided } from '#shared/api/disputes.js';
import * as routes from '#shared/routes/disputes.js';
import { decides } from '../../common/dispute-rights.js';
import { visibleDispute } from '../lookup.js';
import { disputeView } from '../views.js';

/**
 * POST /api/disputes/{id}/decision {decision, note}: compliance or a platform admin upholds or dismisses
 * a dispute not yet decided. Of two decisions at once the first wins; the other gets 409 with the state.
 */
export const handler = createApiHandler(routes.decideDispute, async ({ caller: me, params, body }) => {
  const { dispute, rights } = await visibleDispute(me, params.id);
  if (!decides(rights, dispute.org_id)) throw new ForbiddenError(DISPUTE_MESSAGES.notDecider, 'not_decider');
  const conflict = (current: StoredDispute) =>
    new ConflictError(DISPUTE_MESSAGES.alreadyDecided(current.status), 'already_decided', { dispute: disputeView(current, rights) });
  if (isDecided(dispute.status)) throw conflict(dispute);
  try {
    // The lender's admins (and an employee who opened it) are notified by an outbox item in the decision's own transaction.
    const notify = {
      kind: 'dispute.decided',
      dispute_id: dispute.id,
      org_id: dispute.org_id,
      payee_key: dispute.payee_key,
      month: dispute.month,
      nrc: dispute.nrc,
      decision: body.decision,
      note: body.note,
      opened_by: dispute.opened_by,
    } as const;
    const decided = await decideDispute(dispute, { email: me.email, at: new Date().toISOString(), decision: body.decision, note: body.note }, notify);
    await writeAudit({
      actor: me,
      action: 'dispute.decide',
      subject: auditSubject.dispute(dispute.id),
      also: [auditSubject.nrc(dispute.nrc_digits)],
      outcome: 'ok',
      details: { dispute_id: dispute.id, note: body.note, before: { status: dispute.status }, after: { status: decided.status } },
    });
    await emitWebhookEvent(dispute.org_id, 'dispute.decided', { dispute_id: dispute.id, month: dispute.month, status: decided.status });
    return { dispute: disputeView(decided, rights), message: DISPUTE_MESSAGES.decided(body.decision) };
  } catch (error) {
    if (error instanceof DisputeStateError) throw conflict(error.dispute);
    throw error;
  }
});
