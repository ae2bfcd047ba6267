import { parseAmount } from './amount.js';
import type { AppliedColumns, AppliedField } from './applied-columns.js';
import { cellText, isEmptyRow, type Cell } from './cells.js';
import { employeeNumberKey } from './employee-number.js';
import type { IssueType } from './issues.js';
import { hasNrcShape, normaliseNrc } from './nrc.js';
import { isValidPayeeKey, normalisePayeeKey } from './payee-key.js';

/** Why the payroll deducted less than the schedule asked, or nothing. */
export const APPLIED_REASONS = ['INSUFFICIENT PAY', 'LEFT SERVICE', 'SUSPENDED', 'DECEASED', 'STOPPED', 'OTHER'] as const;
export type AppliedReason = (typeof APPLIED_REASONS)[number];

/** One row of the applied deductions file: the NRC slashed, the payee key normalised, the amount in ZMW. */
export interface AppliedRow {
  payee_key: string;
  employee_no: string;
  nrc: string;
  amount: number;
  reason: AppliedReason | null;
}

/** Every applied-file finding is an error: the file is the payroll's own record of what left each pay. */
export interface AppliedIssue {
  row: number;
  column: string;
  type: Extract<IssueType, 'EMPLOYEE' | 'NRC' | 'PAYEE_KEY' | 'AMOUNT' | 'REASON' | 'DUPLICATE'>;
  message: string;
}

const COLUMN: Record<AppliedField, string> = { employee_no: 'Employee No.', nrc: 'NRC', payee_key: 'Payee Key', amount: 'Amount Deducted', reason: 'Reason' };

const REASON_LIST = APPLIED_REASONS.join(', ');

export const APPLIED_MESSAGES = {
  employeeMissing: 'Employee number is required.',
  nrcMissing: 'NRC is required.',
  nrcShape: (nrc: string) => `NRC '${nrc}' is not in the form 123456/78/9.`,
  payeeKeyMissing: 'Payee key is required: write the lender’s payee key (e.g. A001) the deduction was made for.',
  payeeKeyShape: (value: string) => `Payee key '${value}' looks invalid. Use letters/digits (e.g. A001).`,
  amountMissing: 'Amount deducted is required: write 0 when nothing was deducted, with the REASON.',
  amountInvalid: (value: string) => `Amount deducted '${value}' is not an amount in ZMW. Write the amount taken from the pay, e.g. 250.00, or 0.`,
  amountNegative: (value: string) => `Amount deducted '${value}' is below zero. Write what was taken from the pay, or 0 with the REASON.`,
  amountNgwee: (value: string) => `Amount deducted '${value}' has more than two decimals. Round it to the ngwee.`,
  reasonUnknown: (value: string) => `Reason '${value}' is not one of ${REASON_LIST}. Choose the one that fits, or OTHER.`,
  reasonRequired: `Nothing was deducted: give the REASON (${REASON_LIST}).`,
  duplicate: (employeeNo: string, payeeKey: string, first: number) =>
    `Employee number ${employeeNo} under payee key ${payeeKey} is already on row ${first}: put one row per employee and lender, with the total deducted.`,
} as const;

/** A reason as people write it ('Left service', 'LEFT_SERVICE') read as one of APPLIED_REASONS, or null. */
export function parseAppliedReason(value: string): AppliedReason | null {
  const words = value
    .toUpperCase()
    .replace(/[^A-Z]+/g, ' ')
    .trim();
  return (APPLIED_REASONS as readonly string[]).includes(words) ? (words as AppliedReason) : null;
}

export interface AppliedInspection {
  row: AppliedRow | null;
  issues: AppliedIssue[];
}

/** Where the first row of each payee key and employee number (as employeeNumberKey reads it) is kept: the duplicate check. */
export interface FirstRows {
  /** The first row of this payee key and employee number; undefined when this is the first, which is then recorded. */
  firstRow(payeeKey: string, employeeKey: string, rowNumber: number): number | undefined;
}

/** FirstRows in a map of its own. */
function firstRowsInMap(): FirstRows {
  const firsts = new Map<string, number>();
  return {
    firstRow(payeeKey, employeeKey, rowNumber) {
      const key = `${payeeKey}\u0000${employeeKey}`;
      const first = firsts.get(key);
      if (first === undefined) firsts.set(key, rowNumber);
      return first;
    },
  };
}

/**
 * Checks applied rows one at a time, as they stream: each row alone, then against the rows before it (an employee
 * number twice under one payee key). The state is the first rows of the keys, in a map of its own or in `firstRows`
 * (the server's index of the rows, so a million rows' keys are held once). An empty row is skipped; a row with any
 * error gives no row.
 */
export function createAppliedValidator(columns: AppliedColumns, firstRows: FirstRows = firstRowsInMap()) {
  const read = (cells: readonly Cell[], field: AppliedField): Cell => (columns[field] === undefined ? undefined : cells[columns[field]!]);

  return function inspect(cells: readonly Cell[] | null | undefined, rowNumber: number): AppliedInspection {
    if (!cells || isEmptyRow(cells)) return { row: null, issues: [] };
    const issues: AppliedIssue[] = [];
    const issue = (field: AppliedField, type: AppliedIssue['type'], message: string) => issues.push({ row: rowNumber, column: COLUMN[field], type, message });

    const employee_no = cellText(read(cells, 'employee_no'));
    if (!employee_no) issue('employee_no', 'EMPLOYEE', APPLIED_MESSAGES.employeeMissing);
    const nrcText = cellText(read(cells, 'nrc'));
    const nrc = normaliseNrc(nrcText);
    if (!nrcText) issue('nrc', 'NRC', APPLIED_MESSAGES.nrcMissing);
    else if (!hasNrcShape(nrc)) issue('nrc', 'NRC', APPLIED_MESSAGES.nrcShape(nrcText));
    const payeeText = cellText(read(cells, 'payee_key'));
    const payee_key = normalisePayeeKey(payeeText);
    if (!payeeText) issue('payee_key', 'PAYEE_KEY', APPLIED_MESSAGES.payeeKeyMissing);
    else if (!isValidPayeeKey(payee_key)) issue('payee_key', 'PAYEE_KEY', APPLIED_MESSAGES.payeeKeyShape(payeeText));

    const amountText = cellText(read(cells, 'amount'));
    const amount = amountText ? parseAmount(read(cells, 'amount')) : null;
    if (!amountText) issue('amount', 'AMOUNT', APPLIED_MESSAGES.amountMissing);
    else if (amount === null) issue('amount', 'AMOUNT', APPLIED_MESSAGES.amountInvalid(amountText));
    else if (amount < 0) issue('amount', 'AMOUNT', APPLIED_MESSAGES.amountNegative(amountText));
    else if (Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6) issue('amount', 'AMOUNT', APPLIED_MESSAGES.amountNgwee(amountText));

    const reasonText = cellText(read(cells, 'reason'));
    const reason = reasonText ? parseAppliedReason(reasonText) : null;
    if (reasonText && !reason) issue('reason', 'REASON', APPLIED_MESSAGES.reasonUnknown(reasonText));
    else if (amount === 0 && !reason) issue('reason', 'REASON', APPLIED_MESSAGES.reasonRequired);

    if (employee_no && payee_key) {
      const first = firstRows.firstRow(payee_key, employeeNumberKey(employee_no), rowNumber);
      if (first !== undefined) issue('employee_no', 'DUPLICATE', APPLIED_MESSAGES.duplicate(employee_no, payee_key, first));
    }
    if (issues.length) return { row: null, issues };
    return { row: { payee_key, employee_no, nrc, amount: amount!, reason }, issues };
  };
}
