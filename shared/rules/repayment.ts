import { shiftMonth, type Month } from './dates.js';

/**
 * What the payroll did with a borrower's deduction in a reconciled month (the reconciliation's status, as borrower
 * history keeps it), and the repayment record a lender reads from it: across lenders, how many of the window's months
 * were deducted in full, as Nigeria's Remita gives lenders a salary earner's repayment history.
 */
export const APPLIED_STATUSES = ['applied', 'short', 'not_applied', 'unexpected'] as const;
export type AppliedStatus = (typeof APPLIED_STATUSES)[number];

/** How one reconciled month went across every lender that asked: every line in full, nothing on any, or less. */
export type MonthRepayment = 'in_full' | 'short' | 'not_applied';

export interface RepaymentRecord {
  /** Each month of the window, newest first: null when no payroll answer is on record for the borrower that month. */
  months: { month: Month; repayment: MonthRepayment | null }[];
  /** Months with a payroll answer on a deduction a lender asked for. */
  reconciled: number;
  /** Of those, the months every deduction asked was deducted in full. */
  in_full: number;
}

/**
 * A month's repayment from the statuses of its lines: deductions nobody asked for (UNEXPECTED) are not repayments and
 * do not count; with none asked, the month has no word (null).
 */
export function monthRepayment(statuses: readonly AppliedStatus[]): MonthRepayment | null {
  const asked = statuses.filter((status) => status !== 'unexpected');
  if (!asked.length) return null;
  if (asked.every((status) => status === 'applied')) return 'in_full';
  if (asked.every((status) => status === 'not_applied')) return 'not_applied';
  return 'short';
}

/** One deduction's payroll answer, as history items carry it (rows of rejected files are left out). */
export interface AppliedWord {
  month: Month;
  applied_status?: AppliedStatus | null;
  rejected?: boolean;
}

/** The repayment record of the `months` months ending with `to`, from the borrower's deductions across lenders. */
export function repaymentRecord(words: readonly AppliedWord[], to: Month, months: number): RepaymentRecord {
  const byMonth = new Map<Month, AppliedStatus[]>();
  for (const word of words) {
    if (word.rejected || !word.applied_status) continue;
    byMonth.set(word.month, [...(byMonth.get(word.month) ?? []), word.applied_status]);
  }
  const window = Array.from({ length: months }, (_, back) => shiftMonth(to, -back));
  const rows = window.map((month) => ({ month, repayment: monthRepayment(byMonth.get(month) ?? []) }));
  return {
    months: rows,
    reconciled: rows.filter((row) => row.repayment !== null).length,
    in_full: rows.filter((row) => row.repayment === 'in_full').length,
  };
}
