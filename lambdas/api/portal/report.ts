import { randomUUID } from 'node:crypto';
import { PORTAL_MESSAGES, type ReportDeductionRequest } from '../../../shared/api/portal.js';
import { nrcDigits, normaliseNrc } from '../../../shared/rules/nrc.js';
import { writeAudit } from '../../data/audit.js';
import { findOrganisationByPayeeKey } from '../../data/directory.js';
import { DisputeExistsError, deductionOnRecord, putDispute, type StoredDispute } from '../../data/disputes.js';
import { queueNotification } from '../../data/notifications.js';
import { ConflictError, NotFoundError } from '../../http/errors.js';

/** The employee as the directory names them (never the token): who they are and whose record they reach. */
export interface Reporter {
  userId: string;
  nrc: string;
}

/**
 * "This is not mine": the employee opens a dispute on a deduction of their own NRC, in the reviewers'
 * flow (lambdas/data/disputes.ts), marked as opened by the employee. Only a deduction that is on their
 * record can be reported (404 otherwise, whether the lender or the month is wrong); a deduction has at most
 * one undecided dispute. The lender's admins are emailed as when a reviewer opens one.
 */
export async function reportDeduction(me: Reporter, input: ReportDeductionRequest): Promise<StoredDispute> {
  const digits = nrcDigits(me.nrc);
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
  return dispute;
}
