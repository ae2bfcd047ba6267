import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { readDirectoryAccess } from '#data/directory/caller-access.js';
import { findUserByEmail } from '#data/directory/staff-users.js';
import { assignSubmission, type ReviewedSubmission } from '#data/submissions/reviews.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { BadRequestError, ConflictError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { REVIEWERS } from '#shared/access.js';
import { isValidEmail, PLATFORM_ADMIN_MESSAGES } from '#shared/api/admin.js';
import { ASSIGNABLE_STATUS, type DecisionResponse, REVIEW_MESSAGES } from '#shared/api/reviews.js';
import * as routes from '#shared/routes/reviews.js';
import { loadVisibleSubmission } from '../../common/submission.js';
import { reviewState } from '../decisions.js';
import { listItemView } from '../views.js';

/** The person of this email if the directory has them as an approved PMEC admin of a PMEC organisation. */
async function pmecAdmin(email: string): Promise<{ userId: string; email: string } | null> {
  const user = await findUserByEmail(email);
  if (!user || !user.enabled) return null;
  const { grants } = await readDirectoryAccess(user.sub);
  return grants.some((g) => g.pmec && g.role === 'pmec_admin') ? { userId: user.sub, email: user.email || email } : null;
}

/** POST /api/submissions/{id}/assign: a COMPLIANCE APPROVED submission to a PMEC admin (re-assigning is allowed). */
async function assign(me: AuthenticatedCaller, id: string | undefined, body: { pmec_email: string }): Promise<DecisionResponse> {
  const email = body.pmec_email.trim().toLowerCase();
  if (!email) throw new BadRequestError(REVIEW_MESSAGES.pmecEmailRequired, 'pmec_email_required');
  if (!isValidEmail(email)) throw new BadRequestError(PLATFORM_ADMIN_MESSAGES.invalid_email, 'invalid_email');

  const before = (await loadVisibleSubmission(me, id, REVIEWERS)) as ReviewedSubmission;
  if (before.status !== ASSIGNABLE_STATUS) throw new ConflictError(REVIEW_MESSAGES.notAssignable(before.status), 'wrong_state');
  const assignee = await pmecAdmin(email);
  if (!assignee) throw new BadRequestError(REVIEW_MESSAGES.notPmecAdmin(email), 'not_pmec_admin');

  const result = await assignSubmission(before.id, ASSIGNABLE_STATUS, assignee, me);
  if (!result.ok) throw new ConflictError(REVIEW_MESSAGES.notAssignable(result.current?.status ?? before.status), 'wrong_state');
  await writeAudit({
    actor: me,
    org_id: before.org_id,
    action: 'submission.assign',
    subject: auditSubject.submission(before.id),
    outcome: 'ok',
    details: { before: reviewState(before), after: reviewState(result.item) },
  });
  return { item: listItemView(result.item), message: REVIEW_MESSAGES.assigned(assignee.email) };
}

/** POST /api/submissions/{id}/assign: to a PMEC admin, by email. */
export const handler = createApiHandler(routes.assignSubmission, async ({ caller, params, body }) => assign(caller, params.id, body));
