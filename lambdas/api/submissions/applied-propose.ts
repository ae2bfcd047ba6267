import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { type AppliedProposal, openAppliedProposal, proposeApplied } from '#data/payroll/applied-proposals.js';
import type { MonthReconciliation } from '#data/payroll/reconciliation.js';
import { getUpload, markStored, type UploadRecord } from '#data/uploads/upload.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { ConflictError } from '#http/errors.js';
import { REPLACEMENT_DAYS, REPLACEMENT_MESSAGES } from '#shared/api/reconciliation-replacement.js';
import type { LenderTotals } from '#shared/api/reconciliation.js';
import { SUBMISSION_MESSAGES, type SubmitUploadResponse } from '#shared/api/submissions.js';
import { withPartReplaced } from './applied-parts.js';

const DAY_MS = 86_400_000;

const proposedAnswer = (upload: UploadRecord, bucket: string, path: string): SubmitUploadResponse => ({
  submission_id: null,
  bucket,
  path,
  file_name: upload.file_name,
  message: REPLACEMENT_MESSAGES.proposed(upload.month),
  late: false,
  status: 'proposed',
});

/** A file stored before (pressing Submit again): the same answer while it is the open proposal, else it was decided. */
export async function answerStoredAgain(upload: UploadRecord): Promise<SubmitUploadResponse> {
  const open = await openAppliedProposal(upload.month);
  if (open?.upload_id === upload.id) return proposedAnswer(upload, upload.stored_bucket ?? '', upload.stored_key ?? '');
  throw new ConflictError(REPLACEMENT_MESSAGES.noProposal, 'not_proposed');
}

/**
 * A second applied file for a month (its bytes stored) is proposed, not recorded: one open proposal a month (409
 * `proposal_open` while another is), decided by another admin of the payroll authority within REPLACEMENT_DAYS days
 * (lambdas/api/submissions/handlers/decide-applied-replacement.ts). The recorded file's totals and the new ones are
 * kept with it, so the approver sees what the proposer saw.
 */
export async function proposeReplacement(
  me: AuthenticatedCaller,
  upload: UploadRecord,
  recorded: MonthReconciliation,
  proposed: { schedule_version: number; by_lender: LenderTotals[] },
  stored: { bucket: string; path: string },
): Promise<SubmitUploadResponse> {
  const now = new Date();
  const proposal = {
    upload_id: upload.id,
    month: upload.month,
    file_name: upload.file_name,
    schedule_version: proposed.schedule_version,
    proposed_by: me.email,
    proposed_by_id: me.userId,
    proposed_at: now.toISOString(),
    expires_at: new Date(now.getTime() + REPLACEMENT_DAYS * DAY_MS).toISOString(),
    replaces: { upload_id: recorded.upload_id, submitted_by: recorded.submitted_by, submitted_at: recorded.submitted_at },
    current_by_lender: recorded.by_lender,
    by_lender: proposed.by_lender,
  };
  const audit = { actor: me, org_id: upload.org_id, action: 'applied.propose', subject: auditSubject.upload(upload.id) };
  if (!(await proposeApplied(proposal, now))) {
    await writeAudit({ ...audit, outcome: 'refused', details: { reason: 'proposal_open' } });
    throw new ConflictError(REPLACEMENT_MESSAGES.proposalOpen(upload.month), 'proposal_open');
  }
  if (await markStored(upload.id, stored.bucket, stored.path)) {
    const details = { key: stored.path, replaces: recorded.upload_id, schedule_version: proposal.schedule_version, lenders: proposal.by_lender.length };
    await writeAudit({ ...audit, outcome: 'ok', details });
    return proposedAnswer(upload, stored.bucket, stored.path);
  }
  const again = await getUpload(upload.id);
  if (again?.stored_key) return proposedAnswer(again, again.stored_bucket ?? stored.bucket, again.stored_key);
  throw new ConflictError(SUBMISSION_MESSAGES.stillValidating, 'not_ready');
}

/**
 * The month's item once the proposal is approved: the proposed file recorded, the one before kept in `replaced`; in a
 * month of parts, the proposal takes the place of the part it replaces, the other parts as they were (./applied-parts.ts).
 */
export function replacedRecord(proposal: AppliedProposal, recorded: MonthReconciliation, approval: { by: string; at: string }): MonthReconciliation {
  const before = { ...proposal.replaces, replaced_at: approval.at, approved_by: approval.by };
  const lenders = recorded.parts ? withPartReplaced(recorded, proposal.replaces.upload_id, proposal) : { by_lender: proposal.by_lender };
  return {
    month: proposal.month,
    upload_id: proposal.upload_id,
    schedule_version: proposal.schedule_version,
    submitted_by: proposal.proposed_by,
    submitted_at: proposal.proposed_at,
    ...lenders,
    replaced: [...(recorded.replaced ?? []), before],
  };
}
