import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { getReceipt, resolveReceipt } from '#data/payroll/remittances.js';
import { ConflictError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { REMITTANCE_MESSAGES } from '#shared/api/remittances.js';
import * as routes from '#shared/routes/remittances.js';
import { remittanceDifference, remittanceState } from '#shared/rules/remittance.js';
import { authoriseSide, findStatement } from '../access.js';
import { statementView } from '../statements.js';

/**
 * POST /api/remittances/{statement_number}/resolution {note}: either side's admin (the lender's FI Admin, the
 * payroll authority's PMEC admin) resolves the difference between what arrived and the statement. 409 when nothing
 * arrived yet, when there is no difference, when it is resolved already or the receipt changed meanwhile.
 */
export const handler = createApiHandler(routes.resolveRemittanceDifference, async ({ caller: me, params, body }) => {
  const { number, record, lender } = await findStatement(params.statement_number);
  const { sides } = await authoriseSide(me, number, lender.payee_key, 'either', 'remittance.resolve');
  const subject = auditSubject.remittance(number);
  const refuse = async (message: string, code: string) => {
    await writeAudit({ actor: me, action: 'remittance.resolve', subject, outcome: 'refused', details: { reason: code } });
    return new ConflictError(message, code);
  };
  const receipt = await getReceipt(record.month, lender.payee_key);
  if (!receipt) throw await refuse(REMITTANCE_MESSAGES.noReceipt, 'no_receipt');
  const state = remittanceState(lender.applied_total, { amount: receipt.amount, resolved: Boolean(receipt.resolved_at) });
  if (state === 'matched') throw await refuse(REMITTANCE_MESSAGES.noDifference, 'no_difference');
  if (state === 'resolved') throw await refuse(REMITTANCE_MESSAGES.resolvedAlready, 'already_resolved');
  const resolved = await resolveReceipt(receipt, { note: body.note, by: me.email, at: new Date().toISOString() });
  if (!resolved) {
    const now = await getReceipt(record.month, lender.payee_key);
    throw now?.resolved_at
      ? await refuse(REMITTANCE_MESSAGES.resolvedAlready, 'already_resolved')
      : await refuse(REMITTANCE_MESSAGES.receiptChanged, 'receipt_changed');
  }
  const difference = remittanceDifference(lender.applied_total, receipt.amount);
  await writeAudit({
    actor: me,
    action: 'remittance.resolve',
    subject,
    outcome: 'ok',
    details: {
      side: sides.lenderAdmin ? 'lender' : 'payroll_authority',
      statement_total: lender.applied_total,
      received: receipt.amount,
      difference,
      note: body.note,
    },
  });
  return { statement: await statementView(record, lender, resolved, sides), message: REMITTANCE_MESSAGES.resolved };
});
