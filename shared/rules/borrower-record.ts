import { firstDayOfMonth, shiftMonth, type Month } from './dates.js';
import { employeeNumberKey } from './employee-number.js';

/**
 * What the platform has on record for a borrower, across every organisation's submissions (the
 * borrower summary that ingestion keeps), and the two readings of it that signals make: the identities
 * seen and each lender's running deduction. Entries of rejected submissions are left out by the caller.
 */

/** One submission's word on one borrower (keyed by NRC digits). */
export interface RecordEntry {
  submission_id: string;
  payee_key: string;
  month: Month;
  kind: 'input' | 'stoppage';
  /** The borrower's installments in that submission, summed. */
  installment: number;
  end_date: string | null;
  employee_no: string | null;
  name: string | null;
  submitted_at: string | null;
  /** What the payroll deducted for the lender that month (ZMW, every line summed), once the month's applied file is recorded. */
  applied?: number | null;
}

/** One submission's word on one employee number: the NRC it came with. */
export interface EmployeeEntry {
  submission_id: string;
  /** The NRC as the file gave it (normalised) and its digits. */
  nrc: string;
  nrc_digits: string;
  month: Month;
  submitted_at: string | null;
}

/** The fields a running deduction is judged on: borrower history items and record entries both have them. */
export interface Deduction {
  payee_key: string;
  month: Month;
  kind: 'input' | 'stoppage';
  installment: number;
  end_date: string | null;
  submitted_at: string | null;
  /** True when the submission it came from was rejected: shown, never counted. */
  rejected?: boolean;
  /** What the payroll deducted for it (ZMW), once the month's applied deductions file is recorded; absent before. */
  applied?: number | null;
}

/** Newer first; within a month a stoppage is the later word (it ends the deduction the input started). */
const rank = (item: Deduction) => `${item.month}#${item.kind === 'stoppage' ? 1 : 0}#${item.submitted_at ?? ''}`;
/** A sort comparator: the latest word first. */
export const latestFirst = (a: Deduction, b: Deduction) => rank(b).localeCompare(rank(a));

/**
 * Each lender's (payee key's) running deductions in `month`: the rows of its latest word, when that is
 * an input whose installment is above zero and whose end date has not passed before the month began. A
 * stoppage as the latest word, or an input that has ended, counts nothing. A word holds several rows
 * when a file names the borrower more than once (two loans at one lender): each row counts on its own.
 */
export function runningDeductions<T extends Deduction>(items: readonly T[], month: Month): T[] {
  const latest = new Map<string, string>();
  for (const item of items) {
    const seen = latest.get(item.payee_key);
    if (seen === undefined || rank(item) > seen) latest.set(item.payee_key, rank(item));
  }
  const firstDay = firstDayOfMonth(month);
  return items.filter(
    (item) =>
      latest.get(item.payee_key) === rank(item) && item.kind === 'input' && item.installment > 0 && (item.end_date === null || item.end_date >= firstDay),
  );
}

export const ngwee = (amount: number) => Math.round(amount * 100);

/** What a deduction weighs in affordability and exposure: what the payroll deducted where the month has an answer, else what was asked. */
export const amountPaid = (item: Deduction) => (item.applied === undefined || item.applied === null ? item.installment : item.applied);

/** How many months of record count toward a running deduction: the history window (spec part 2 §9). */
export const RUNNING_WINDOW_MONTHS = 3;

/**
 * The one rule for what a borrower pays in `month`, used by the /history total, its record checks and
 * the exposure signal: words of rejected submissions are left out (they stay on screen, marked), then
 * each lender's latest word within the running window ending with `month`, when still running.
 */
export function countedDeductions<T extends Deduction>(items: readonly T[], month: Month): T[] {
  const from = shiftMonth(month, -(RUNNING_WINDOW_MONTHS - 1));
  return runningDeductions(
    items.filter((item) => !item.rejected && item.month >= from && item.month <= month),
    month,
  );
}

export interface Exposure {
  lenders: number;
  total: number;
}

/** How many lenders (payee keys) the counted deductions come from, and their monthly total (the applied amount where a month has one). */
export function exposureFrom(counted: readonly Deduction[]): Exposure {
  const total = counted.reduce((sum, item) => sum + ngwee(amountPaid(item)), 0);
  return { lenders: new Set(counted.map((item) => item.payee_key)).size, total: total / 100 };
}

/**
 * The borrower's exposure in `month` once `payeeKey` deducts `installment`: every other lender's
 * counted deduction, plus this one.
 */
export function exposureOf(entries: readonly RecordEntry[], payeeKey: string | null, month: Month, installment: number): Exposure {
  const others = exposureFrom(
    countedDeductions(
      entries.filter((entry) => entry.payee_key !== payeeKey),
      month,
    ),
  );
  const own = payeeKey !== null && installment > 0;
  return own ? { lenders: others.lenders + 1, total: (ngwee(others.total) + ngwee(installment)) / 100 } : others;
}

/** The platform's limits: the most a borrower may have; more is over the limit. */
export interface ExposureLimits {
  /** The most lenders a borrower may have deducting at once. */
  max_lenders: number;
  /** The most the monthly total may be (ZMW); null for no amount limit. */
  max_total: number | null;
}

/** Where an exposure stands against the limits: below both, at one of them, or past one. */
export type LimitState = 'within' | 'at' | 'over';

export function limitState(exposure: Exposure, limits: ExposureLimits): LimitState {
  const total = limits.max_total === null ? null : ngwee(limits.max_total);
  if (exposure.lenders > limits.max_lenders || (total !== null && ngwee(exposure.total) > total)) return 'over';
  if (exposure.lenders === limits.max_lenders || (total !== null && ngwee(exposure.total) === total)) return 'at';
  return 'within';
}

/** The exposure signal is raised when a limit is exceeded, not when it is reached. */
export const exceedsLimit = (exposure: Exposure, limits: ExposureLimits) => limitState(exposure, limits) === 'over';

/** Names compared ignoring case, spacing and the order of names. */
export const nameKey = (name: string) => name.toLowerCase().split(/\s+/).filter(Boolean).sort().join(' ');

/** The newest entry first. */
const newestFirst = <T extends { month: string; submitted_at: string | null }>(a: T, b: T) =>
  b.month.localeCompare(a.month) || (b.submitted_at ?? '').localeCompare(a.submitted_at ?? '');

/** The name on record: the newest entry's that carries one. */
export function recordName(entries: readonly RecordEntry[]): string | null {
  return [...entries].sort(newestFirst).find((entry) => entry.name)?.name ?? null;
}

/** Each employee number on record with this NRC (letter case aside: as first written) and the month it was first seen, oldest first. */
export function employeeNumbersOnRecord(entries: readonly RecordEntry[]): { employee_no: string; first_seen: Month }[] {
  const first = new Map<string, { employee_no: string; first_seen: Month }>();
  for (const entry of [...entries].sort((a, b) => a.month.localeCompare(b.month))) {
    if (!entry.employee_no) continue;
    const key = employeeNumberKey(entry.employee_no);
    if (!first.has(key)) first.set(key, { employee_no: entry.employee_no, first_seen: entry.month });
  }
  return [...first.values()].sort((a, b) => a.first_seen.localeCompare(b.first_seen) || a.employee_no.localeCompare(b.employee_no));
}

/** Each NRC on record with an employee number, but the one given, oldest first. */
export function otherNrcsOnRecord(entries: readonly EmployeeEntry[], digits: string): string[] {
  const first = new Map<string, { nrc: string; month: Month }>();
  for (const entry of [...entries].sort((a, b) => a.month.localeCompare(b.month))) {
    if (entry.nrc_digits && entry.nrc_digits !== digits && !first.has(entry.nrc_digits)) first.set(entry.nrc_digits, entry);
  }
  return [...first.values()].map((entry) => entry.nrc);
}
