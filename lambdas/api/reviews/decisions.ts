import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { type ReviewedSubmission, transitionSubmission } from '#data/submissions/reviews.js';
import { emitWebhookEvent } from '#data/webhooks/events.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { BadRequestError, ConflictError, ForbiddenError } from '#http/errors.js';
import { rolesOnly } from '#shared/access.js';
import { DECISION_RULES, type DecisionResponse, REVIEW_MESSAGES, type ReviewDecision } from '#shared/api/reviews.js';
import { hasAnyRole, type Role } from '#shared/roles.js';
import { loadVisibleSubmission } from '../common/submission.js';
import { listItemView } from './views.js';

/** What the audit keeps of a submission before and after a change. */
export const reviewState = (s: ReviewedSubmission) => ({
  status: s.status,
  decision_reason: s.decision_reason ?? null,
  assigned_to_email: s.assigned_to_email ?? null,
});

/** Refuses, before anything is read, a decision the caller's role may not take or a reject without a reason. */
export function checkDecision(me: AuthenticatedCaller, decision: ReviewDecision, note: string | undefined): void {
  if (!hasAnyRole(me.roles, DECISION_RULES[decision].roles as readonly Role[])) throw new ForbiddenError(REVIEW_MESSAGES.notAllowed(decision), 'not_allowed');
  if (decision === 'reject' && !note) throw new BadRequestError(REVIEW_MESSAGES.reasonRequired, 'reason_required');
}

export async function applyDecision(
  me: AuthenticatedCaller,
  id: string | undefined,
  decision: ReviewDecision,
  note: string | undefined,
): Promise<DecisionResponse> {
  const rule = DECISION_RULES[decision];
  // The decision's roles must be held over this submission's organisation, not merely somewhere.
  const before = (await loadVisibleSubmission(me, id, rolesOnly(...(rule.roles as readonly Role[])))) as ReviewedSubmission;
  if (before.status !== rule.from) throw new ConflictError(REVIEW_MESSAGES.wrongState(decision, before.status), 'wrong_state');

  const result = await transitionSubmission(before.id, {
    from: rule.from,
    to: rule.to,
    step: decision === 'complete' ? 'complete' : 'review',
    actor: me,
    reason: decision === 'reject' ? note : undefined,
    note: decision === 'reject' ? undefined : note,
  });
  // Another reviewer's decision landed between our read and our write: theirs stands (and only theirs is emailed).
  if (!result.ok) throw new ConflictError(REVIEW_MESSAGES.wrongState(decision, result.current?.status ?? before.status), 'wrong_state');

  await writeAudit({
    actor: me,
    org_id: before.org_id,
    action: `submission.${decision}`,
    subject: auditSubject.submission(before.id),
    outcome: 'ok',
    details: { note: note ?? null, before: reviewState(before), after: reviewState(result.item) },
  });
  if (before.org_id) await emitWebhookEvent(before.org_id, 'submission.decided', { submission_id: before.id, status: result.item.status });
  return { item: listItemView(result.item), message: REVIEW_MESSAGES.done(decision, result.item.status) };
}
