import { findOrganisationByPayeeKey } from '#data/directory/organisations.js';
import type { StoredDispute } from '#data/disputes/disputes.js';
import { getUnexpected, markReported, type UnexpectedDeduction, unexpectedId } from '#data/payroll/unexpected.js';
import { ConflictError, NotFoundError } from '#http/errors.js';
import { type PortalUnexpected, type ReportUnexpectedRequest, UNEXPECTED_MESSAGES } from '#shared/api/unexpected.js';
import { formatAmount } from '#shared/rules/amount.js';
import { normaliseNrc, nrcDigits } from '#shared/rules/nrc.js';
import { openDisputeOn } from '../common/dispute-opening.js';
import type { Reporter } from './report.js';

export const portalUnexpectedView = (d: UnexpectedDeduction): PortalUnexpected => ({
  id: unexpectedId(d),
  month: d.month,
  payee_key: d.payee_key,
  org_name: d.org_name,
  amount: d.amount,
  reason: d.reason,
  dispute_id: d.dispute_id,
});

/**
 * "Report it": a dispute in the reviewers' flow, opened by the employee and marked "not approved", on a deduction
 * the payroll took with no approved line. Only one recorded on the caller's own NRC (the record is kept under it,
 * so another employee's id finds nothing: 404); reported once (409 after, and the dispute's own guard too).
 */
export async function reportUnexpected(me: Reporter, input: ReportUnexpectedRequest): Promise<StoredDispute> {
  const digits = nrcDigits(me.nrc);
  const deduction = await getUnexpected(digits, input.id);
  if (!deduction) throw new NotFoundError(UNEXPECTED_MESSAGES.notFound, 'no_unexpected_deduction');
  if (deduction.dispute_id) throw new ConflictError(UNEXPECTED_MESSAGES.alreadyReported, 'already_reported');
  const org = await findOrganisationByPayeeKey(deduction.payee_key);
  if (!org) throw new ConflictError(UNEXPECTED_MESSAGES.noLender(deduction.payee_key), 'unknown_payee_key');
  const dispute = await openDisputeOn(
    { userId: me.userId, email: null, roles: [], by: 'employee' },
    {
      nrc: normaliseNrc(digits),
      digits,
      payeeKey: deduction.payee_key,
      month: deduction.month,
      org,
      reason: input.reason || UNEXPECTED_MESSAGES.defaultReason(formatAmount(deduction.amount)),
      notApproved: true,
    },
    UNEXPECTED_MESSAGES.alreadyReported,
  );
  await markReported(digits, input.id, dispute.id);
  return dispute;
}
