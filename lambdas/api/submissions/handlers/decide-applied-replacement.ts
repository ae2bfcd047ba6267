import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { appliedDecision, type AppliedProposal, decideAppliedProposal, isExpired, openAppliedProposal } from '#data/payroll/applied-proposals.js';
import { getMonthReconciliation, type MonthReconciliation } from '#data/payroll/reconciliation.js';
import { scheduleToAnswer } from '#data/payroll/schedule-read.js';
import { getUpload } from '#data/uploads/upload.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { ConflictError, ForbiddenError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { REPLACEMENT_MESSAGES } from '#shared/api/reconciliation-replacement.js';
import { RECONCILIATION_MESSAGES } from '#shared/api/reconciliation.js';
import * as routes from '#shared/routes/reconciliation.js';
import { partsVersion, recordsUpload } from '#shared/rules/applied-parts.js';
import { authorisePayrollAuthority } from '../../common/payroll-authority.js';
import { replacedRecord } from '../applied-propose.js';
import { onAppliedRecorded } from '../applied-recorded.js';

/** Why a decision on this upload cannot be taken now (it is not the month's open proposal, or no longer). */
async function notOpen(month: string | null, uploadId: string): Promise<never> {
  const decided = month ? await appliedDecision(month, uploadId) : null;
  // An approval whose follow-up did not run (the request failed after the decision) runs it again: its consumers repeat nothing.
  if (decided?.decision === 'approve') await onAppliedRecorded(decided.month, uploadId);
  throw new ConflictError(decided ? REPLACEMENT_MESSAGES.decidedElsewhere : REPLACEMENT_MESSAGES.noProposal, decided ? 'already_decided' : 'not_proposed');
}

async function refuse(me: AuthenticatedCaller, orgId: string, uploadId: string, error: ConflictError | ForbiddenError): Promise<never> {
  const details = { reason: error.code };
  await writeAudit({ actor: me, org_id: orgId, action: 'applied.decide', subject: auditSubject.upload(uploadId), outcome: 'refused', details });
  throw error;
}

/**
 * What an approval checks beyond the proposal: the schedule version it answers is still the one the month's next file
 * must answer (the latest; for a part, the recorded parts'), the month still records the file it replaces.
 */
async function approvable(proposal: AppliedProposal, part: boolean): Promise<MonthReconciliation | ConflictError | 'decided'> {
  const recorded = await getMonthReconciliation(proposal.month);
  // Approved by another admin since the proposal was read: the decision is theirs.
  if (recorded && recordsUpload(recorded, proposal.upload_id)) return 'decided';
  const owed = (await scheduleToAnswer(proposal.month, recorded, part))?.version ?? 0;
  if (owed !== proposal.schedule_version) {
    const message = RECONCILIATION_MESSAGES.wrongVersion(proposal.month, proposal.schedule_version, owed, partsVersion(recorded, part) !== null);
    return new ConflictError(message, 'schedule_version_stale');
  }
  if (!recorded || !recordsUpload(recorded, proposal.replaces.upload_id)) return new ConflictError(REPLACEMENT_MESSAGES.recordedChanged, 'recorded_changed');
  return recorded;
}

/**
 * POST /api/uploads/{id}/replacement-decision: another admin of the payroll authority approves or rejects
 * the month's proposed replacement of its applied file, seeing the totals it was proposed with. Never its proposer
 * (403); never an expired one, nor (approving) one whose schedule version is no longer the one the month's next file
 * must answer (the latest; a part's, the recorded parts') or whose month
 * records another file since (409). One transaction decides it and, on approval, records it as the month's, so of two
 * decisions at once exactly one is written; the other gets 409. The file replaced stays, named in the month's item.
 */
export const handler = createApiHandler(routes.decideAppliedReplacement, async ({ caller: me, params, body }) => {
  const authority = await authorisePayrollAuthority(me, 'applied.decide');
  const uploadId = params.id;
  const upload = await getUpload(uploadId);
  const month = upload?.doc_kind === 'applied' ? upload.month : null;
  const proposal = month ? await openAppliedProposal(month) : null;
  if (!proposal || proposal.upload_id !== uploadId) return notOpen(month, uploadId);
  if (proposal.proposed_by_id === me.userId) return refuse(me, authority.orgId, uploadId, new ForbiddenError(REPLACEMENT_MESSAGES.ownProposal, 'own_proposal'));
  const now = new Date();
  if (isExpired(proposal, now)) return refuse(me, authority.orgId, uploadId, new ConflictError(REPLACEMENT_MESSAGES.expired, 'proposal_expired'));
  const at = now.toISOString();
  let record: MonthReconciliation | null = null;
  // The month's item as read: written only if it still names the file it named then (a part's month names its last write).
  let read = proposal.replaces.upload_id;
  if (body.decision === 'approve') {
    const recorded = await approvable(proposal, Boolean(upload?.part_payee_keys));
    if (recorded === 'decided') return notOpen(proposal.month, uploadId);
    if (recorded instanceof ConflictError) return refuse(me, authority.orgId, uploadId, recorded);
    record = replacedRecord(proposal, recorded, { by: me.email, at });
    read = recorded.upload_id;
  }
  const note = body.note || null;
  const decision = {
    upload_id: uploadId,
    month: proposal.month,
    proposed_by: proposal.proposed_by,
    decision: body.decision,
    decided_by: me.email,
    decided_at: at,
    note,
  };
  if (!(await decideAppliedProposal(decision, read, record, now))) return notOpen(proposal.month, uploadId);
  if (record) await onAppliedRecorded(proposal.month, uploadId);
  const details = { month: proposal.month, replaces: proposal.replaces.upload_id, proposed_by: proposal.proposed_by, note };
  const action = record ? 'applied.approve' : 'applied.reject';
  await writeAudit({ actor: me, org_id: authority.orgId, action, subject: auditSubject.upload(uploadId), outcome: 'ok', details });
  return record
    ? { status: 'approved' as const, message: REPLACEMENT_MESSAGES.approved(proposal.month) }
    : { status: 'rejected' as const, message: REPLACEMENT_MESSAGES.rejected(proposal.month) };
});
