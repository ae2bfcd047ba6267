import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { decideProposal, isExpired, openProposal, proposalDecision, type RegisterProposal } from '#data/register/proposals.js';
import { currentRegister } from '#data/register/versions.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { ConflictError, ForbiddenError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { REGISTER_MESSAGES } from '#shared/api/register.js';
import * as routes from '#shared/routes/register.js';
import { authorisePayrollAuthority } from '../../common/payroll-authority.js';
import { ingestApproved } from '../proposals.js';

const counts = ({ difference: d, employees }: RegisterProposal) => ({
  employees,
  added: d.added,
  removed: d.removed,
  changed: d.changed,
  mobile_changed: d.mobile_changed,
});

/** Why a decision on this upload cannot be taken now (it is not the open proposal, or no longer). */
async function notOpen(uploadId: string): Promise<never> {
  const decided = await proposalDecision(uploadId);
  // An approval whose jobs were not written (the run failed after the decision) starts its ingestion again: the same jobs.
  if (decided?.decision === 'approve') await ingestApproved(decided, { by: decided.decided_by, at: decided.decided_at });
  throw new ConflictError(decided ? REGISTER_MESSAGES.decidedElsewhere : REGISTER_MESSAGES.noProposal, decided ? 'already_decided' : 'not_proposed');
}

async function refuse(me: AuthenticatedCaller, orgId: string, uploadId: string, reason: string, error: Error): Promise<never> {
  await writeAudit({ actor: me, org_id: orgId, action: 'register.decide', subject: auditSubject.upload(uploadId), outcome: 'refused', details: { reason } });
  throw error;
}

/**
 * POST /api/register/proposals/{upload_id}/decision: a second admin of the payroll authority approves or
 * rejects the open proposal, seeing the difference it was proposed with. Never its proposer (403); never an
 * expired one (409, computed now); of two decisions at once exactly one is written, the other gets 409.
 * Approval starts the ingestion that makes it current; rejection leaves the current register as it is.
 */
export const handler = createApiHandler(routes.decideRegisterProposal, async ({ caller: me, params, body }) => {
  const authority = await authorisePayrollAuthority(me, 'register.decide');
  const uploadId = params.upload_id;
  const proposal = await openProposal();
  if (!proposal || proposal.upload_id !== uploadId) return notOpen(uploadId);
  if (proposal.proposed_by_id === me.userId)
    return refuse(me, authority.orgId, uploadId, 'own_proposal', new ForbiddenError(REGISTER_MESSAGES.ownProposal, 'own_proposal'));
  const now = new Date();
  if (isExpired(proposal, now))
    return refuse(me, authority.orgId, uploadId, 'proposal_expired', new ConflictError(REGISTER_MESSAGES.expired, 'proposal_expired'));
  if (body.decision === 'approve' && proposal.difference.base_version !== ((await currentRegister())?.version ?? null)) {
    return refuse(me, authority.orgId, uploadId, 'register_changed', new ConflictError(REGISTER_MESSAGES.baseChanged, 'register_changed'));
  }
  const decision = {
    upload_id: uploadId,
    month: proposal.month,
    employees: proposal.employees,
    proposed_by: proposal.proposed_by,
    decision: body.decision,
    decided_by: me.email,
    decided_at: now.toISOString(),
    note: body.note || null,
  };
  if (!(await decideProposal(decision, now))) return notOpen(uploadId);
  if (body.decision === 'approve') await ingestApproved(proposal, { by: me.email, at: decision.decided_at });
  const action = body.decision === 'approve' ? 'register.approve' : 'register.reject';
  const details = { ...counts(proposal), proposed_by: proposal.proposed_by, note: decision.note };
  await writeAudit({ actor: me, org_id: authority.orgId, action, subject: auditSubject.upload(uploadId), outcome: 'ok', details });
  return body.decision === 'approve'
    ? { status: 'approved' as const, message: REGISTER_MESSAGES.approved }
    : { status: 'rejected' as const, message: REGISTER_MESSAGES.rejected };
});
