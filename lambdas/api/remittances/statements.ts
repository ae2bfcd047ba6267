import { type MonthReconciliation, readLenderLines } from '#data/payroll/reconciliation.js';
import { ensureStatementFiles, type ReceiptRecord, statementLinks } from '#data/payroll/remittances.js';
import type { LenderTotals } from '#shared/api/reconciliation.js';
import type { Statement } from '#shared/api/remittances.js';
import { uploadFor } from '#shared/rules/applied-parts.js';
import { remittanceDifference, remittanceState, statementNumber } from '#shared/rules/remittance.js';
import type { Sides } from './access.js';
import { statementCsv, statementPdf } from './statement-files.js';

/** What arrived against a statement, its difference and where it stands. */
function receivedView(total: number, receipt: ReceiptRecord | null): Statement['received'] {
  if (!receipt) return null;
  const resolution = receipt.resolved_at ? { note: receipt.resolution_note ?? '', by: receipt.resolved_by ?? '', at: receipt.resolved_at } : null;
  const { amount, received_on, recorded_by, recorded_at } = receipt;
  return {
    amount,
    received_on,
    recorded_by,
    recorded_at,
    difference: remittanceDifference(total, amount),
    state: remittanceState(total, { amount, resolved: resolution !== null }),
    resolution,
  };
}

/**
 * One lender's statement for the month: its number, what was remitted (the applied total), its lines and schedule
 * version, links to its PDF and CSV (made the first time it is asked for), what arrived and what the caller may do.
 */
export async function statementView(record: MonthReconciliation, lender: LenderTotals, receipt: ReceiptRecord | null, sides: Sides): Promise<Statement> {
  const number = statementNumber(record.month, lender.payee_key);
  const head = {
    number,
    payeeKey: lender.payee_key,
    orgName: lender.org_name,
    month: record.month,
    scheduleVersion: record.schedule_version,
    expectedTotal: lender.expected_total,
    total: lender.applied_total,
  };
  const upload = uploadFor(record, lender.payee_key) ?? record.upload_id;
  await ensureStatementFiles(upload, lender.payee_key, async () => {
    const lines = (await readLenderLines(upload, lender.payee_key)) ?? [];
    return { pdf: statementPdf(head, lines), csv: statementCsv(head, lines) };
  });
  const links = await statementLinks(upload, lender.payee_key, number);
  const received = receivedView(lender.applied_total, receipt);
  return {
    statement_number: number,
    payee_key: lender.payee_key,
    org_name: lender.org_name,
    month: record.month,
    schedule_version: record.schedule_version,
    total: lender.applied_total,
    lines: lender.lines,
    ...links,
    received,
    can_record_receipt: sides.lenderAdmin && received?.state !== 'resolved',
    can_resolve: received?.state === 'difference' && (sides.lenderAdmin || sides.authorityAdmin),
  };
}
