import { randomUUID } from 'node:crypto';
import { takeEvidenceSlot, type StoredDispute } from '#data/disputes/disputes.js';
import { disputeEvidenceKey, presignDisputeEvidence } from '#data/disputes/evidence.js';
import { BadRequestError, NotFoundError } from '#http/errors.js';
import { DISPUTE_EVIDENCE_MAX_FILES } from '#shared/api/disputes.js';
import { PORTAL_MESSAGES, portalEvidenceType, type ReportDeductionRequest } from '#shared/api/portal.js';
import type { PresignedPost } from '#shared/api/presigned-post.js';
import { nrcDigits, normaliseNrc } from '#shared/rules/nrc.js';
import { deductionToDispute, openDisputeOn } from '../common/dispute-opening.js';
import { slugFileName } from '../common/file-names.js';

/** The employee as the directory names them (never the token): who they are and whose record they reach. */
export interface Reporter {
  userId: string;
  nrc: string;
}

/**
 * "This is not mine": the employee opens a dispute on a deduction of their own NRC, in the reviewers'
 * flow (lambdas/data/disputes/disputes.ts), marked as opened by the employee. Only a deduction that is on their
 * record can be reported (404 otherwise, whether the lender or the month is wrong); a deduction has at most
 * one undecided dispute. The lender's admins are emailed as when a reviewer opens one. With a file named,
 * the answer also holds a presigned POST for it (its type by its extension, pinned by the policy) into the
 * dispute's evidence, where reviewers see it once its first bytes say it is what its name says.
 */
export async function reportDeduction(me: Reporter, input: ReportDeductionRequest): Promise<{ dispute: StoredDispute; upload?: PresignedPost }> {
  const digits = nrcDigits(me.nrc);
  const evidenceType = input.file_name ? portalEvidenceType(input.file_name) : null;
  const declared = input.content_type?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (evidenceType && !['', 'application/octet-stream', evidenceType].includes(declared))
    throw new BadRequestError(PORTAL_MESSAGES.evidenceType, 'file_type_not_allowed');
  const { org, onRecord } = await deductionToDispute(digits, input.payee_key, input.month);
  if (!org || !onRecord) throw new NotFoundError(PORTAL_MESSAGES.noDeduction, 'no_deduction');
  const dispute = await openDisputeOn(
    { userId: me.userId, email: null, roles: [], by: 'employee' },
    { nrc: normaliseNrc(digits), digits, payeeKey: input.payee_key, month: input.month, org, reason: input.reason },
    PORTAL_MESSAGES.alreadyOpen,
  );
  if (!evidenceType || !input.file_name || !input.size) return { dispute };
  // The dispute's first evidence slot: counted like every link given, so the cap of ten holds for it too.
  await takeEvidenceSlot(dispute.id, DISPUTE_EVIDENCE_MAX_FILES);
  const key = disputeEvidenceKey(dispute.id, 'employee', randomUUID(), slugFileName(input.file_name));
  return { dispute, upload: await presignDisputeEvidence(key, input.size, evidenceType) };
}
