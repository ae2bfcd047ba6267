import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { putReceipt } from '#data/payroll/remittances.js';
import { BadRequestError, ConflictError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { REMITTANCE_MESSAGES } from '#shared/api/remittances.js';
import * as routes from '#shared/routes/remittances.js';
import { firstDayOfMonth } from '#shared/rules/dates.js';
import { remittanceDifference } from '#shared/rules/remittance.js';
import { authoriseSide, findStatement } from '../access.js';
import { statementView } from '../statements.js';

/**
 * POST /api/remittances/{statement_number}/receipt {amount, received_on}: the lender's FI Admin records what arrived.
 * Unknown statement 404; another organisation's 403; a day before the month 400; a second receipt replaces the
 * first (the audit keeps both) until a difference is resolved, then 409.
 */
export const handler = createApiHandler(routes.recordRemittanceReceipt, async ({ caller: me, params, body }) => {
  const { number, record, lender } = await findStatement(params.statement_number);
  const { sides } = await authoriseSide(me, number, lender.payee_key, 'lender', 'remittance.receipt');
  if (body.received_on < firstDayOfMonth(record.month)) throw new BadRequestError(REMITTANCE_MESSAGES.beforeMonth(record.month), 'received_before_month');
  const receipt = {
    statement_number: number,
    month: record.month,
    payee_key: lender.payee_key,
    amount: body.amount,
    received_on: body.received_on,
    recorded_by: me.email,
    recorded_at: new Date().toISOString(),
  };
  const stored = await putReceipt(receipt);
  const subject = auditSubject.remittance(number);
  if (stored === 'resolved') {
    await writeAudit({ actor: me, action: 'remittance.receipt', subject, outcome: 'refused', details: { reason: 'already_resolved' } });
    throw new ConflictError(REMITTANCE_MESSAGES.resolvedAlready, 'already_resolved');
  }
  const difference = remittanceDifference(lender.applied_total, body.amount);
  const before = stored.previous
    ? { amount: stored.previous.amount, received_on: stored.previous.received_on, recorded_by: stored.previous.recorded_by }
    : null;
  await writeAudit({
    actor: me,
    action: 'remittance.receipt',
    subject,
    outcome: 'ok',
    details: { statement_total: lender.applied_total, before, after: { amount: body.amount, received_on: body.received_on }, difference },
  });
  return { statement: await statementView(record, lender, receipt, sides), message: REMITTANCE_MESSAGES.recorded(body.amount, difference) };
});
