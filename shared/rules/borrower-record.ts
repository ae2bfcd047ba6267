import { firstDayOfMonth, shiftMonth, type Month } from './dates.js';

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
}

/** Newer first; within a month a stoppage is the later word (it ends the deduction the input started). */
const rank = (item: Deduction) => `${item.month}#${item.kind === 'stoppage' ? 1 : 0}#${item.submitted_at ?? ''}`;
const isLater = (a: Deduction, b: Deduction) => rank(a) > rank(b);
/** A sort comparator: the latest word first. */
export const latestFirst = (a: Deduction, b: Deduction) => rank(b).localeCompare(rank(a));

/**
 * Each lender's (payee key's) running deduction in `month`: its latest item, when that is an input with
 * an installment whose end date has not passed before the month began. A stoppage as the latest word,
 * or an input that has ended, counts nothing.
 */
export function runningDeductions<T extends Deduction>(items: readonly T[], month: Month): T[] {
  const latest = new Map<string, T>();
  for (const item of items) {
    const seen = latest.get(item.payee_key);
    if (!seen || isLater(item, seen)) latest.set(item.payee_key, item);
  }
  const firstDay = firstDayOfMonth(month);
  return [...latest.values()].filter((item) => item.kind === 'input' && item.installment > 0 && (item.end_date === null || item.end_date >= firstDay));
}

export const ngwee = (amount: number) => Math.round(amount * 100);

/** How many months of record count toward a running deduction: the history window (spec part 2 §9). */
export const RUNNING_WINDOW_MONTHS = 3;

export interface Exposure {
  lenders: number;
  total: number;
}

/**
 * The borrower's exposure in `month` once `payeeKey` deducts `installment`: every other lender's
 * running deduction on record within the window ending with `month`, plus this one.
 */
export function exposureOf(entries: readonly RecordEntry[], payeeKey: string | null, month: Month, installment: number): Exposure {
  const from = shiftMonth(month, -(RUNNING_WINDOW_MONTHS - 1));
  const others = runningDeductions(
    entries.filter((entry) => entry.payee_key !== payeeKey && entry.month >= from && entry.month <= month),
    month,
  );
  const own = payeeKey !== null && installment > 0 ? 1 : 0;
  const total = others.reduce((sum, entry) => sum + ngwee(entry.installment), own ? ngwee(installment) : 0);
  return { lenders: others.length + own, total: total / 100 };
}

export interface ExposureLimits {
  /** Reached when this many lenders deduct. */
  max_lenders: number;
  /** Reached when the monthly total is this much (ZMW); null for no amount limit. */
  max_total: number | null;
}

export const reachesLimit = (exposure: Exposure, limits: ExposureLimits) =>
  exposure.lenders >= limits.max_lenders || (limits.max_total !== null && exposure.total >= limits.max_total);

/** Names compared ignoring case, spacing and the order of names. */
export const nameKey = (name: string) => name.toLowerCase().split(/\s+/).filter(Boolean).sort().join(' ');

/** The newest entry first. */
const newestFirst = <T extends { month: string; submitted_at: string | null }>(a: T, b: T) =>
  b.month.localeCompare(a.month) || (b.submitted_at ?? '').localeCompare(a.submitted_at ?? '');

/** The name on record: the newest entry's that carries one. */
export function recordName(entries: readonly RecordEntry[]): string | null {
  return [...entries].sort(newestFirst).find((entry) => entry.name)?.name ?? null;
}

/** Each employee number on record with this NRC and the month it was first seen, oldest first. */
export function employeeNumbersOnRecord(entries: readonly RecordEntry[]): { employee_no: string; first_seen: Month }[] {
  const first = new Map<string, Month>();
  for (const entry of entries) {
    if (!entry.employee_no) continue;
    const seen = first.get(entry.employee_no);
    if (!seen || entry.month < seen) first.set(entry.employee_no, entry.month);
  }
  return [...first].map(([employee_no, first_seen]) => ({ employee_no, first_seen })).sort((a, b) => a.first_seen.localeCompare(b.first_seen) || a.employee_no.localeCompare(b.employee_no));
}

/** Each NRC on record with an employee number, but the one given, oldest first. */
export function otherNrcsOnRecord(entries: readonly EmployeeEntry[], digits: string): string[] {
  const first = new Map<string, { nrc: string; month: Month }>();
  for (const entry of [...entries].sort((a, b) => a.month.localeCompare(b.month))) {
    if (entry.nrc_digits && entry.nrc_digits !== digits && !first.has(entry.nrc_digits)) first.set(entry.nrc_digits, entry);
  }
  return [...first.values()].map((entry) => entry.nrc);
}
