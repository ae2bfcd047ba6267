import { randomUUID } from 'node:crypto';
import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { findOrganisationByPayeeKey } from '#data/directory/organisations.js';
import { DisputeExistsError, deductionOnRecord, putDispute, type StoredDispute } from '#data/disputes/disputes.js';
import { employeeEntryByNrc } from '#data/register/leavers.js';
import { emitWebhookEvent } from '#data/webhooks/events.js';
import { ConflictError } from '#http/errors.js';
import type { Role } from '#shared/roles.js';

/** Who opens a dispute: a reviewer on someone's behalf, or the employee whose deduction it is. */
export interface DisputeOpener {
  userId: string;
  /** Null for an employee: they have no email on the platform. */
  email: string | null;
  roles: readonly Role[];
  by: StoredDispute['opened_by'];
}

/** A deduction named for a dispute: the payee key's organisation and whether its row is in the history. */
export async function deductionToDispute(digits: string, payeeKey: string, month: string) {
  const [org, onRecord] = await Promise.all([findOrganisationByPayeeKey(payeeKey), deductionOnRecord(digits, payeeKey, month)]);
  return { org, onRecord };
}

/**
 * Opens a dispute on a deduction the caller checked: stored with its guard (ConflictError `dispute_exists`
 * with `alreadyOpen` when the deduction has one undecided), audited on the dispute and the borrower's NRC,
 * and the lender's admins notified. The one way both reviewers and employees open one.
 */
export async function openDisputeOn(
  opener: DisputeOpener,
  deduction: {
    nrc: string;
    digits: string;
    payeeKey: string;
    month: string;
    org: { org_id: string; org_name?: string | null };
    reason: string;
    /** A deduction the payroll took with no approved line: the dispute is marked "not approved". */
    notApproved?: boolean;
  },
  alreadyOpen: string,
): Promise<StoredDispute> {
  const { org } = deduction;
  const dispute: StoredDispute = {
    id: randomUUID(),
    status: 'open',
    nrc: deduction.nrc,
    nrc_digits: deduction.digits,
    payee_key: deduction.payeeKey,
    month: deduction.month,
    org_id: org.org_id,
    org_name: org.org_name ?? null,
    reason: deduction.reason,
    opened: { email: opener.email ?? '', user_id: opener.userId, at: new Date().toISOString() },
    opened_by: opener.by,
    not_approved: deduction.notApproved ?? false,
    response: null,
    decision: null,
  };
  // The lender is told whose deduction it is: the register's name beside the NRC the email masks.
  const employee = await employeeEntryByNrc(dispute.nrc);
  const employee_name = employee ? `${employee.first_name} ${employee.last_name}` : null;
  try {
    // The lender's admins are notified by an outbox item written in the dispute's own transaction.
    await putDispute(dispute, {
      kind: 'dispute.opened',
      dispute_id: dispute.id,
      org_id: org.org_id,
      payee_key: dispute.payee_key,
      month: dispute.month,
      nrc: dispute.nrc,
      reason: dispute.reason,
      employee_name,
    });
  } catch (error) {
    if (error instanceof DisputeExistsError) throw new ConflictError(alreadyOpen, 'dispute_exists');
    throw error;
  }
  await writeAudit({
    actor: { userId: opener.userId, email: opener.email, roles: opener.roles },
    action: 'dispute.open',
    subject: auditSubject.dispute(dispute.id),
    also: [auditSubject.nrc(dispute.nrc_digits)],
    outcome: 'ok',
    details: {
      dispute_id: dispute.id,
      payee_key: dispute.payee_key,
      month: dispute.month,
      org_id: org.org_id,
      opened_by: opener.by,
      after: { status: 'open' },
    },
  });
  await emitWebhookEvent(org.org_id, 'dispute.opened', { dispute_id: dispute.id, month: dispute.month, status: 'open' });
  return dispute;
}
