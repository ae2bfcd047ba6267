import { exposureOf, nameKey, ngwee, type RecordEntry } from './borrower-record.js';
import { employeeNumberKey, sameEmployeeNumber } from './employee-number.js';
import { nrcDigits } from './nrc.js';
import { ON_RECORD, SIGNAL_MESSAGES } from './signal-messages.js';
import { type FileContext, signal, whoIs, type Signal, type Borrower } from './signals.js';

/** An employee as the current payroll register holds them, as far as the signals compare. */
export interface RegisterEmployeeView {
  nrc: string;
  employee_number: string;
  first_name: string;
  last_name: string;
  basic_pay: number | null;
}

/** The current register's employees a file names: by NRC digits, and by employee number (employeeNumberKey) for rows without an NRC. */
export interface RegisterMatch {
  month: string;
  byNrcDigits: ReadonlyMap<string, RegisterEmployeeView>;
  byEmployeeNumber: ReadonlyMap<string, RegisterEmployeeView>;
}

/**
 * A borrower of the file without an NRC, joined to the NRC the register holds for their employee number (the
 * key stays the file's, so the month's comparison is unchanged); the same borrower when there is none.
 */
export function joinThroughRegister(borrower: Borrower, register: RegisterMatch): Borrower {
  if (borrower.digits || !borrower.employee_no) return borrower;
  const employee = register.byEmployeeNumber.get(employeeNumberKey(borrower.employee_no));
  return employee ? { ...borrower, nrc: employee.nrc, digits: nrcDigits(employee.nrc), joined: true } : borrower;
}

/** The register's employee a borrower was joined to by employee number (their file row has no NRC). */
function joinedEntry(borrower: Borrower, register: RegisterMatch): RegisterEmployeeView | undefined {
  const employee = borrower.employee_no ? register.byEmployeeNumber.get(employeeNumberKey(borrower.employee_no)) : undefined;
  return employee && nrcDigits(employee.nrc) === borrower.digits ? employee : undefined;
}

const registerName = (employee: RegisterEmployeeView) => `${employee.first_name} ${employee.last_name}`.trim();

/**
 * The payroll register's signals of some of a file's borrowers (joined first, joinThroughRegister), none
 * of which blocks a file:
 * - NOT_ON_PAYROLL (inputs): a deduction from someone who is not on the current register, by NRC (or by
 *   employee number, for a row without one that the register does not know either).
 * - IDENTITY: the NRC is on the register under another employee number, or the names disagree, compared as
 *   the record's identity signal compares them (order and case of the names aside). The message says only
 *   that they differ; the register's values are the signal's `on_record`, for reviewers.
 * - AFFORDABILITY (inputs, when the platform sets a share): the borrower's installments across lenders,
 *   with this file's, past that share of the register's basic pay.
 */
export function registerSignals(
  ctx: FileContext,
  borrowers: Iterable<Borrower>,
  register: RegisterMatch,
  records: ReadonlyMap<string, readonly RecordEntry[]>,
  maxShare: number | null,
): Signal[] {
  const out: Signal[] = [];
  for (const borrower of borrowers) {
    const employee = borrower.digits ? (register.byNrcDigits.get(borrower.digits) ?? joinedEntry(borrower, register)) : undefined;
    if (!employee) {
      if (ctx.kind === 'inputs' && (borrower.digits || borrower.employee_no))
        out.push(signal(borrower, 'NOT_ON_PAYROLL', SIGNAL_MESSAGES.notOnPayroll(whoIs(borrower), register.month)));
      continue;
    }
    if (borrower.employee_no && !sameEmployeeNumber(borrower.employee_no, employee.employee_number)) {
      out.push(
        signal(
          borrower,
          'IDENTITY',
          SIGNAL_MESSAGES.registerOtherEmployee(),
          ON_RECORD.registerOtherEmployee(employee.nrc, employee.employee_number, borrower.employee_no),
        ),
      );
    }
    const onRegister = registerName(employee);
    if (borrower.name && onRegister && onRegister !== borrower.name && nameKey(onRegister) !== nameKey(borrower.name)) {
      out.push(signal(borrower, 'IDENTITY', SIGNAL_MESSAGES.registerNameDiffers(), ON_RECORD.registerNameDiffers(onRegister, borrower.name)));
    }
    if (ctx.kind !== 'inputs' || maxShare === null || !employee.basic_pay || employee.basic_pay <= 0) continue;
    const { total } = exposureOf(records.get(borrower.digits) ?? [], ctx.payeeKey, ctx.month, borrower.installment);
    if (ngwee(total) * 100 > ngwee(employee.basic_pay) * maxShare)
      out.push(signal(borrower, 'AFFORDABILITY', SIGNAL_MESSAGES.affordability(total, maxShare), ON_RECORD.affordability(employee.basic_pay)));
  }
  return out;
}
