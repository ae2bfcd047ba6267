import { goneInMonth } from '#data/payroll/left-service.js';
import type { UploadRecord } from '#data/uploads/upload.js';
import { shiftMonth } from '#shared/rules/dates.js';
import { employeeNumberKey } from '#shared/rules/employee-number.js';
import { type Borrower, signal, SIGNAL_MESSAGES, type Signal, whoIs } from '#shared/rules/signals.js';

/**
 * LEFT_SERVICE: an inputs file's deduction that continues although the payroll did not take the payee key's line
 * for that borrower the month before, reporting them LEFT SERVICE or DECEASED (the previous month's recorded
 * reconciliation, lambdas/data/payroll/left-service.ts). Matched by NRC, else by employee number. None for a
 * stoppages file, nor without a reconciliation of the previous month.
 */
export async function leftServiceSignalsOf(
  upload: Pick<UploadRecord, 'doc_kind' | 'month' | 'payee_key'>,
  file: ReadonlyMap<string, Borrower>,
): Promise<Signal[]> {
  if (upload.doc_kind !== 'inputs') return [];
  const previous = shiftMonth(upload.month, -1);
  const gone = await goneInMonth(upload.payee_key, previous);
  if (!gone || (!gone.byDigits.size && !gone.byEmployeeNo.size)) return [];
  const found: Signal[] = [];
  for (const borrower of file.values()) {
    const reason =
      (borrower.digits ? gone.byDigits.get(borrower.digits) : undefined) ??
      (borrower.employee_no ? gone.byEmployeeNo.get(employeeNumberKey(borrower.employee_no)) : undefined);
    if (reason) found.push(signal(borrower, 'LEFT_SERVICE', SIGNAL_MESSAGES.leftService(whoIs(borrower), reason, previous)));
  }
  return found;
}
