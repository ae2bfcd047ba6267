import { isValidEmail, PLATFORM_ADMIN_MESSAGES } from '../../../shared/api/admin.js';
import { ASSIGNABLE_STATUS, type BulkDecisionResponse, DECISION_RULES, type DecisionResponse, REVIEW_MESSAGES, type ReviewDecision } from '../../../shared/api/reviews.js';
import { hasAnyRole, type Role } from '../../../shared/roles.js';
import { writeAudit } from '../../data/audit.js';
import { assignSubmission, type ReviewedSubmission, transitionSubmission } from '../../data/reviews.js';
import { findUserByEmail, rolesOfUser } from '../../data/users.js';
import type { AuthenticatedCaller } from '../../lib/caller.js';
import { BadRequestError, ConflictError, ForbiddenError, HttpError } from '../../lib/errors.js';
import { logger } from '../../lib/powertools.js';
import { loadVisibleSubmission } from '../submissions/load.js';
import { listItemView } from './views.js';

/** What the audit keeps of a submission before and after a change. */
const reviewState = (s: ReviewedSubmission) => ({
  status: s.status,
  decision_reason: s.decision_reason ?? null,
  assigned_to_email: s.assigned_to_email ?? null,
});

/** Refuses, before anything is read, a decision the caller's role may not take or a reject without a reason. */
function checkDecision(me: AuthenticatedCaller, decision: ReviewDecision, note: string | undefined): void {
  if (!hasAnyRole(me.roles, DECISION_RULES[decision].roles as readonly Role[])) throw new ForbiddenError(REVIEW_MESSAGES.notAllowed(decision), 'not_allowed');
  if (decision === 'reject' && !note) throw new BadRequestError(REVIEW_MESSAGES.reasonRequired, 'reason_required');
}

async function applyDecision(me: AuthenticatedCaller, id: string | undefined, decision: ReviewDecision, note: string | undefined): Promise<DecisionResponse> {
  const rule = DECISION_RULES[decision];
  const before = (await loadVisibleSubmission(me, id)) as ReviewedSubmission;
  if (before.status !== rule.from) throw new ConflictError(REVIEW_MESSAGES.wrongState(decision, before.status), 'wrong_state');

  const result = await transitionSubmission(before.id, {
    from: rule.from,
    to: rule.to,
    step: decision === 'complete' ? 'complete' : 'review',
    actor: me,
    reason: decision === 'reject' ? note : undefined,
    note: decision === 'reject' ? undefined : note,
  });
  // Another reviewer's decision landed between our read and our write: theirs stands.
  if (!result.ok) throw new ConflictError(REVIEW_MESSAGES.wrongState(decision, result.current?.status ?? before.status), 'wrong_state');

  await writeAudit({
    actor: me,
    org_id: before.org_id,
    action: `submission.${decision}`,
    subject: `SUB#${before.id}`,
    outcome: 'ok',
    details: { note: note ?? null, before: reviewState(before), after: reviewState(result.item) },
  });
  return { item: listItemView(result.item), message: REVIEW_MESSAGES.done(decision, result.item.status) };
}

/** POST /api/submissions/{id}/decision: one decision, atomic on the status it starts from. */
export function decide(me: AuthenticatedCaller, id: string | undefined, body: { decision: ReviewDecision; note?: string }): Promise<DecisionResponse> {
  const note = body.note?.trim() || undefined;
  checkDecision(me, body.decision, note);
  return applyDecision(me, id, body.decision, note);
}

const BULK_PARALLEL = 4;

/** POST /api/submissions/decisions: each id decided on its own; the answer counts and explains the failures. */
export async function decideMany(me: AuthenticatedCaller, body: { ids: string[]; decision: ReviewDecision; note?: string }): Promise<BulkDecisionResponse> {
  const note = body.note?.trim() || undefined;
  checkDecision(me, body.decision, note);
  const ids = [...new Set(body.ids)];
  const succeeded: string[] = [];
  const failed: BulkDecisionResponse['failed'] = [];
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      try {
        await applyDecision(me, id, body.decision, note);
        succeeded.push(id);
      } catch (error) {
        if (error instanceof HttpError) failed.push({ id, error: error.code, message: error.message });
        else {
          // A fault on one row must not hide what happened to the others: it is logged and counted as failed.
          logger.error('Bulk decision failed on one submission', { id, error: String(error) });
          failed.push({ id, error: 'internal', message: 'Something went wrong on our side. Try this one again in a moment.' });
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BULK_PARALLEL, ids.length) }, worker));
  return { decision: body.decision, succeeded, failed, message: REVIEW_MESSAGES.bulk(body.decision, succeeded.length, failed.length) };
}

/** The Cognito user of this email if they hold the PMEC admin role. */
async function pmecAdmin(email: string): Promise<{ userId: string; email: string } | null> {
  const user = await findUserByEmail(email);
  if (!user || !user.enabled) return null;
  const roles = await rolesOfUser(user.username);
  return roles.includes('pmec_admin') ? { userId: user.sub, email: user.email || email } : null;
}

/** POST /api/submissions/{id}/assign: a COMPLIANCE APPROVED submission to a PMEC admin (re-assigning is allowed). */
export async function assign(me: AuthenticatedCaller, id: string | undefined, body: { pmec_email: string }): Promise<DecisionResponse> {
  const email = body.pmec_email.trim().toLowerCase();
  if (!email) throw new BadRequestError(REVIEW_MESSAGES.pmecEmailRequired, 'pmec_email_required');
  if (!isValidEmail(email)) throw new BadRequestError(PLATFORM_ADMIN_MESSAGES.invalid_email, 'invalid_email');

  const before = (await loadVisibleSubmission(me, id)) as ReviewedSubmission;
  if (before.status !== ASSIGNABLE_STATUS) throw new ConflictError(REVIEW_MESSAGES.notAssignable(before.status), 'wrong_state');
  const assignee = await pmecAdmin(email);
  if (!assignee) throw new BadRequestError(REVIEW_MESSAGES.notPmecAdmin(email), 'not_pmec_admin');

  const result = await assignSubmission(before.id, ASSIGNABLE_STATUS, assignee, me);
  if (!result.ok) throw new ConflictError(REVIEW_MESSAGES.notAssignable(result.current?.status ?? before.status), 'wrong_state');
  await writeAudit({
    actor: me,
    org_id: before.org_id,
    action: 'submission.assign',
    subject: `SUB#${before.id}`,
    outcome: 'ok',
    details: { before: reviewState(before), after: reviewState(result.item) },
  });
  return { item: listItemView(result.item), message: REVIEW_MESSAGES.assigned(assignee.email) };
}
