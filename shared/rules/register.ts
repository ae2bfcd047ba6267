import { parseAmount } from './amount.js';
import { cellText, isEmptyRow, type Cell } from './cells.js';
import { displayText } from './display-name.js';
import { employeeNumberKey } from './employee-number.js';
import type { IssueType } from './issues.js';
import { normaliseMobile } from './mobile.js';
import { hasNrcShape, normaliseNrc, nrcDigits } from './nrc.js';
import type { RegisterColumns, RegisterField } from './register-columns.js';
import { TEXT_LIMITS } from './text-limits.js';

/** The longest first or last name a register may give (as long as a deduction file's). */
const REGISTER_NAME_LIMIT = TEXT_LIMITS.first_name;

/** One employee as the register holds them: the NRC slashed, the mobile in E.164. */
export interface RegisterEmployee {
  employee_no: string;
  nrc: string;
  first_name: string;
  last_name: string;
  mobile: string;
  basic_pay: number | null;
  ministry: string | null;
}

export const REGISTER_ISSUE_TYPES = ['EMPLOYEE', 'NRC', 'NAME', 'MOBILE', 'BASIC_PAY', 'DUPLICATE'] as const satisfies readonly IssueType[];
export type RegisterIssueType = (typeof REGISTER_ISSUE_TYPES)[number];

/** Every register finding is an error: an employee the payroll cannot identify or reach is not on it. */
export interface RegisterIssue {
  row: number;
  column: string;
  type: RegisterIssueType;
  message: string;
}

const COLUMN: Record<RegisterField, string> = {
  employee_no: 'Employee No.',
  nrc: 'NRC',
  first_name: 'First Name',
  last_name: 'Last Name',
  mobile: 'Mobile',
  basic_pay: 'Basic Pay',
  ministry: 'Ministry',
};

export const REGISTER_MESSAGES = {
  employeeMissing: 'Employee number is required.',
  nrcMissing: 'NRC is required.',
  nrcShape: (nrc: string) => `NRC '${nrc}' is not in the form 123456/78/9.`,
  nameMissing: (which: 'First name' | 'Last name') => `${which} is required.`,
  nameTooLong: (which: 'First name' | 'Last name', length: number) =>
    `${which} must be at most ${REGISTER_NAME_LIMIT} characters (it has ${length}). Shorten it to the name on the payslip.`,
  mobile: (value: string) =>
    value ? `'${value}' is not a Zambian mobile number. Write it as 097…, 096…, 095…, 077…, 076… or 075…, or with +260.` : 'Mobile number is required.',
  basicPay: (value: string) => `Basic pay '${value}' is not an amount in ZMW.`,
  duplicateNrc: (nrc: string, first: number) => `NRC ${nrc} is already on row ${first}: each employee appears once.`,
  duplicateEmployee: (no: string, first: number) => `Employee number ${no} is already on row ${first}: each employee appears once.`,
} as const;

export interface RegisterInspection {
  employee: RegisterEmployee | null;
  issues: RegisterIssue[];
}

/**
 * Checks register rows one at a time, as they stream: each row alone, then against the rows before it
 * (an NRC or employee number seen twice). The state is two maps of keys to first rows, a few tens of
 * bytes an employee. An empty row is skipped; a row with any error gives no employee.
 */
export function createRegisterValidator(columns: RegisterColumns) {
  const nrcRows = new Map<string, number>();
  const employeeRows = new Map<string, number>();
  const read = (cells: readonly Cell[], field: RegisterField): Cell => (columns[field] === undefined ? undefined : cells[columns[field]!]);

  return function inspect(cells: readonly Cell[] | null | undefined, row: number): RegisterInspection {
    if (!cells || isEmptyRow(cells)) return { employee: null, issues: [] };
    const issues: RegisterIssue[] = [];
    const issue = (field: RegisterField, type: RegisterIssueType, message: string) => issues.push({ row, column: COLUMN[field], type, message });

    const employee_no = cellText(read(cells, 'employee_no'));
    if (!employee_no) issue('employee_no', 'EMPLOYEE', REGISTER_MESSAGES.employeeMissing);
    const nrcText = cellText(read(cells, 'nrc'));
    const nrc = normaliseNrc(nrcText);
    if (!nrcText) issue('nrc', 'NRC', REGISTER_MESSAGES.nrcMissing);
    else if (!hasNrcShape(nrc)) issue('nrc', 'NRC', REGISTER_MESSAGES.nrcShape(nrcText));
    // Names are shown to lenders, reviewers and the employee: without the characters that disguise text.
    const first_name = displayText(cellText(read(cells, 'first_name')));
    if (!first_name) issue('first_name', 'NAME', REGISTER_MESSAGES.nameMissing('First name'));
    else if (first_name.length > REGISTER_NAME_LIMIT) issue('first_name', 'NAME', REGISTER_MESSAGES.nameTooLong('First name', first_name.length));
    const last_name = displayText(cellText(read(cells, 'last_name')));
    if (!last_name) issue('last_name', 'NAME', REGISTER_MESSAGES.nameMissing('Last name'));
    else if (last_name.length > REGISTER_NAME_LIMIT) issue('last_name', 'NAME', REGISTER_MESSAGES.nameTooLong('Last name', last_name.length));
    const mobileCell = read(cells, 'mobile');
    const mobile = normaliseMobile(mobileCell);
    if (!mobile) issue('mobile', 'MOBILE', REGISTER_MESSAGES.mobile(cellText(mobileCell)));
    const payText = cellText(read(cells, 'basic_pay'));
    const basic_pay = payText ? parseAmount(read(cells, 'basic_pay')) : null;
    if (payText && (basic_pay === null || basic_pay < 0)) issue('basic_pay', 'BASIC_PAY', REGISTER_MESSAGES.basicPay(payText));

    if (nrcText && hasNrcShape(nrc)) {
      const key = nrcDigits(nrc);
      const first = nrcRows.get(key);
      if (first === undefined) nrcRows.set(key, row);
      else issue('nrc', 'DUPLICATE', REGISTER_MESSAGES.duplicateNrc(nrc, first));
    }
    if (employee_no) {
      const first = employeeRows.get(employeeNumberKey(employee_no));
      if (first === undefined) employeeRows.set(employeeNumberKey(employee_no), row);
      else issue('employee_no', 'DUPLICATE', REGISTER_MESSAGES.duplicateEmployee(employee_no, first));
    }
    if (issues.length) return { employee: null, issues };
    const ministry = cellText(read(cells, 'ministry')) || null;
    return { employee: { employee_no, nrc, first_name, last_name, mobile: mobile!, basic_pay, ministry }, issues };
  };
}
