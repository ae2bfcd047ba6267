import { randomUUID } from 'node:crypto';
import { DISPUTE_EVIDENCE_MAX_FILES } from '../../../shared/api/disputes.js';
import { PORTAL_MESSAGES, portalEvidenceType, type ReportDeductionRequest } from '../../../shared/api/portal.js';
import type { PresignedPost } from '../../../shared/api/presigned-post.js';
import { nrcDigits, normaliseNrc } from '../../../shared/rules/nrc.js';
import { writeAudit } from '../../data/audit.js';
import { findOrganisationByPayeeKey } from '../../data/directory.js';
import { disputeEvidenceKey, presignDisputeEvidence } from '../../data/dispute-evidence.js';
import { DisputeExistsError, deductionOnRecord, putDispute, takeEvidenceSlot, type StoredDispute } from '../../data/disputes.js';
import { queueNotification } from '../../data/notifications.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../http/errors.js';
import { slugFileName } from '../common/file-names.js';

/** The employee as the directory names them (never the token): who they are and whose record they reach. */
export interface Reporter {
  userId: string;
  nrc: string;
}

/**
 * "This is not mine": the employee opens a dispute on a deduction of their own NRC, in the reviewers'
 * flow (lambdas/data/disputes.ts), marked as opened by the employee. Only a deduction that is on their
 * record can be reported (404 otherwise, whether the lender or the month is wrong); a deduction has at most
 * one undecided dispute. The lender's admins are emailed as when a reviewer opens one. With a file named,
 * the answer also holds a presigned POST for it (its type by its extension, pinned by the policy) into the
 * dispute's evidence, where reviewers see it once its first bytes say it is what its name says.
 */
export async function reportDeduction(me: Reporter, input: ReportDeductionRequest): Promise<{ dispute: StoredDispute; upload?: PresignedPost }> {
  const digits = nrcDigits(me.nrc);
  const evidenceType = input.file_name ? portalEvidenceType(input.file_name) : null;
  const declared = input.content_type?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (evidenceType && !['', 'application/octet-stream', evidenceType].includes(declared)) throw new BadRequestError(PORTAL_MESSAGES.evidenceType, 'file_type_not_allowed');
  const [org, onRecord] = await Promise.all([findOrganisationByPayeeKey(input.payee_key), deductionOnRecord(digits, input.payee_key, input.month)]);
  if (!org || !onRecord) throw new NotFoundError(PORTAL_MESSAGES.noDeduction, 'no_deduction');
  const dispute: StoredDispute = {
    id: randomUUID(),
    status: 'open',
    nrc: normaliseNrc(digits),
    nrc_digits: digits,
    payee_key: input.payee_key,
    month: input.month,
    org_id: org.org_id,
    org_name: org.org_name ?? null,
    reason: input.reason,
    opened: { email: '', user_id: me.userId, at: new Date().toISOString() },
    opened_by: 'employee',
    response: null,
    decision: null,
  };
  try {
    await putDispute(dispute);
  } catch (error) {
    if (error instanceof DisputeExistsError) throw new ConflictError(PORTAL_MESSAGES.alreadyOpen, 'dispute_exists');
    throw error;
  }
  await writeAudit({
    actor: { userId: me.userId, email: null, roles: [] },
    org_id: null,
    action: 'dispute.open',
    subject: `DISPUTE#${dispute.id}`,
    also: [`NRC#${digits}`],
    outcome: 'ok',
    details: { dispute_id: dispute.id, payee_key: dispute.payee_key, month: dispute.month, org_id: org.org_id, opened_by: 'employee', after: { status: 'open' } },
  });
  await queueNotification({ kind: 'dispute.opened', dispute_id: dispute.id, org_id: org.org_id, payee_key: dispute.payee_key, month: dispute.month, nrc: dispute.nrc, reason: dispute.reason });
  if (!evidenceType || !input.file_name || !input.size) return { dispute };
  // The dispute's first evidence slot: counted like every link given, so the cap of ten holds for it too.
  await takeEvidenceSlot(dispute.id, DISPUTE_EVIDENCE_MAX_FILES);
  const key = disputeEvidenceKey(dispute.id, 'employee', randomUUID(), slugFileName(input.file_name));
  return { dispute, upload: await presignDisputeEvidence(key, input.size, evidenceType) };
}
