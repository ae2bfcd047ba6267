import { formatAmount } from './amount.js';
import type { Month } from './dates.js';

/**
 * Deduction signals: each file compared with its payee key's previous month, and each row
 * with the identities and deductions on record. Signals inform; they never block a submission.
 */
export const SIGNAL_TYPES = [
  'NEW',
  'CHANGED',
  'MISSING',
  'IDENTITY',
  'EXPOSURE',
  'STOPPAGE_UNKNOWN',
  'DISPUTED',
  'NOT_ON_PAYROLL',
  'AFFORDABILITY',
  'NO_MANDATE',
  'LEFT_SERVICE',
] as const;
export type SignalType = (typeof SIGNAL_TYPES)[number];

export interface Signal {
  /** The spreadsheet row; null for a MISSING deduction (it is on no row of this file). */
  row: number | null;
  type: SignalType;
  nrc: string | null;
  employee_no: string | null;
  message: string;
  /**
   * What the other side holds (the payroll register's or other lenders' values) where the message says only
   * that something differs: for the reviewers who oversee a submission, never shown to the lender (withheld
   * by the signal routes, lambdas/api/submissions/signal-views.ts).
   */
  on_record?: string;
}

export interface SignalCounts {
  new: number;
  changed: number;
  continuing: number;
  missing: number;
  identity: number;
  exposure: number;
  stoppage_unknown: number;
  /** Deductions again on a borrower whose dispute against this payee key was upheld. */
  disputed: number;
  /** Borrowers not on the current payroll register (PMEC's). */
  not_on_payroll: number;
  /** Borrowers whose installments across lenders pass the platform's share of their basic pay. */
  affordability: number;
  /** New deductions without a mandate that covers them (the reason in each signal's message). */
  no_mandate: number;
  /** Deductions that continue although the payroll did not take last month's line: the employee left service or died. */
  left_service: number;
  /** Borrowers without an NRC that the payroll register knows by employee number (not a signal: ingestion joins them). */
  joined?: number;
}

/** Every signal's text, as the upload's Signals panel, the reviews drawer and the CSV report show it. */
export const SIGNAL_MESSAGES = {
  newDeduction: (who: string, payeeKey: string, previous: Month) => `New deduction: ${who} had no deduction by ${payeeKey} in ${previous}.`,
  changed: (from: number, to: number, previous: Month) => `Installment changed from ${formatAmount(from)} to ${formatAmount(to)} since ${previous}.`,
  missing: (who: string, name: string, previous: Month, month: Month) =>
    `Deduction for ${who} (${name}) in ${previous} is missing in ${month} and has no stoppage.`,
  stoppageUnknown: (who: string, payeeKey: string, previous: Month) => `Stoppage for ${who}, who had no deduction by ${payeeKey} in ${previous}.`,
  nrcOtherEmployee: () => 'This NRC is on record under another employee number.',
  employeeOtherNrc: () => 'This employee number is on record under another NRC.',
  nameDiffers: () => 'The name differs from the one on record.',
  exposure: (lenders: number, total: number, nrc: string) => `${lenders} lenders deduct ZMW ${formatAmount(total)} a month from ${nrc}.`,
  disputed: (who: string, payeeKey: string, month: Month) =>
    `A dispute of the deduction for ${who} by ${payeeKey} in ${month} was upheld: the borrower says they never took this loan.`,
  notOnPayroll: (who: string, month: Month) => `${who} is not on the payroll register of ${month}: a ghost employee, or one who has left or retired.`,
  registerOtherEmployee: () => "The employee number differs from the payroll register's.",
  registerNameDiffers: () => "The name differs from the payroll register's.",
  affordability: (total: number, share: number) =>
    `Installments across lenders come to ZMW ${formatAmount(total)} a month, more than ${share}% of the basic pay on the payroll register.`,
  leftService: (who: string, reason: 'LEFT SERVICE' | 'DECEASED', previous: Month) =>
    reason === 'DECEASED'
      ? `The payroll did not deduct this in ${previous}: it records ${who} as deceased. Stop the deduction (file a stoppage) and claim on the loan's life cover or the estate.`
      : `The payroll did not deduct this in ${previous}: ${who} has left service. Stop the deduction (file a stoppage) and recover the loan from the borrower directly or through its insurance.`,
  noPrevious: (payeeKey: string, previous: Month) => `${payeeKey} has no inputs for ${previous} on the platform: every row counts as a new deduction.`,
} as const;

/** What the other side holds, for reviewers only (Signal.on_record): the values the lender's message leaves out. */
export const ON_RECORD = {
  nrcOtherEmployee: (onRecord: string, firstSeen: Month, inFile: string) =>
    `On record with employee number ${onRecord} (first seen ${firstSeen}); this file has ${inFile}.`,
  employeeOtherNrc: (onRecord: string, inFile: string) => `On record with NRC ${onRecord}; this file has ${inFile}.`,
  nameDiffers: (onRecord: string, inFile: string) => `On record as '${onRecord}'; this file has '${inFile}'.`,
  registerOtherEmployee: (nrc: string, onRegister: string, inFile: string) =>
    `The payroll register has NRC ${nrc} under employee number ${onRegister}; this file has ${inFile}.`,
  registerNameDiffers: (onRegister: string, inFile: string) => `The payroll register has '${onRegister}'; this file has '${inFile}'.`,
  affordability: (basicPay: number) => `The basic pay on the payroll register is ZMW ${formatAmount(basicPay)}.`,
  joined: (nrc: string) => `This row has no NRC: it was checked as NRC ${nrc}, the payroll register's for its employee number.`,
} as const;

/**
 * What the signals panel says when a file raised none. "Continues last month's" is claimed only
 * when there was a previous month to compare with; otherwise the panel already says there was none.
 */
export function noSignalsText(baseline: { found: boolean } | null): string {
  return baseline?.found ? "No signals: every deduction continues last month's, and the records agree." : 'No signals: the records agree with this file.';
}
