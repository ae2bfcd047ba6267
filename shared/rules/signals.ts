import {
  employeeNumbersOnRecord,
  exposureOf,
  nameKey,
  ngwee,
  otherNrcsOnRecord,
  reachesLimit,
  recordName,
  type EmployeeEntry,
  type ExposureLimits,
  type RecordEntry,
} from './borrower-record.js';
import type { CanonicalRow } from './canonical-row.js';
import { firstDayOfMonth, shiftMonth, type Month } from './dates.js';
import { normaliseNrc, nrcDigits } from './nrc.js';
import type { SubmissionKind } from './submission-rules.js';

/**
 * Deduction signals (issue 15): each file compared with its payee key's previous month, and each row
 * with the identities and deductions on record. Signals inform; they never block a submission.
 */
export const SIGNAL_TYPES = ['NEW', 'CHANGED', 'MISSING', 'IDENTITY', 'EXPOSURE', 'STOPPAGE_UNKNOWN'] as const;
export type SignalType = (typeof SIGNAL_TYPES)[number];

export interface Signal {
  /** The spreadsheet row; null for a MISSING deduction (it is on no row of this file). */
  row: number | null;
  type: SignalType;
  nrc: string | null;
  employee_no: string | null;
  message: string;
}

export interface SignalCounts {
  new: number;
  changed: number;
  continuing: number;
  missing: number;
  identity: number;
  exposure: number;
  stoppage_unknown: number;
}

const zmw = (amount: number) => amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Every signal's text, word for word from the issue. */
export const SIGNAL_MESSAGES = {
  newDeduction: (who: string, payeeKey: string, previous: Month) => `New deduction: ${who} had no deduction by ${payeeKey} in ${previous}.`,
  changed: (from: number, to: number, previous: Month) => `Installment changed from ${zmw(from)} to ${zmw(to)} since ${previous}.`,
  missing: (who: string, name: string, previous: Month, month: Month) => `Deduction for ${who} (${name}) in ${previous} is missing in ${month} and has no stoppage.`,
  stoppageUnknown: (who: string, payeeKey: string, previous: Month) => `Stoppage for ${who}, who had no deduction by ${payeeKey} in ${previous}.`,
  nrcOtherEmployee: (nrc: string, onRecord: string, firstSeen: Month, inFile: string) =>
    `NRC ${nrc} is on record with employee number ${onRecord} (first seen ${firstSeen}); this file has ${inFile}.`,
  employeeOtherNrc: (employeeNo: string, onRecord: string, inFile: string) => `Employee number ${employeeNo} is on record with NRC ${onRecord}; this file has ${inFile}.`,
  nameDiffers: (onRecord: string, inFile: string) => `Name differs from the record: '${onRecord}' vs '${inFile}'.`,
  exposure: (lenders: number, total: number, nrc: string) => `${lenders} lenders deduct ZMW ${zmw(total)} a month from ${nrc}.`,
  noPrevious: (payeeKey: string, previous: Month) => `${payeeKey} has no inputs for ${previous} on the platform: every row counts as a new deduction.`,
} as const;

/** One borrower of a file: its rows taken together (a borrower may have several loans with one lender). */
export interface Borrower {
  /** NRC digits, or the employee number when the NRC is empty. */
  key: string;
  /** The borrower's first row in the file. */
  row: number | null;
  nrc: string | null;
  digits: string;
  employee_no: string | null;
  name: string | null;
  installment: number;
  end_date: string;
}

/** A borrower is keyed by NRC digits, or by employee number when the NRC is empty. */
export function borrowerKey(row: Pick<CanonicalRow, 'nrc' | 'employee_no'>): string | null {
  const digits = nrcDigits(row.nrc ?? '');
  if (digits) return `NRC#${digits}`;
  return row.employee_no ? `EMP#${row.employee_no}` : null;
}

const nameOf = (row: CanonicalRow) => [row.first_name, row.last_name].filter(Boolean).join(' ') || null;

/** The borrowers of a file's rows, in order of first row; `rowNumbers[i]` is the sheet row of `rows[i]`. */
export function borrowersOf(rows: readonly CanonicalRow[], rowNumbers: readonly number[] = []): Map<string, Borrower> {
  const borrowers = new Map<string, Borrower & { cents: number }>();
  rows.forEach((row, i) => {
    const key = borrowerKey(row);
    if (!key) return;
    const seen = borrowers.get(key);
    if (seen) {
      seen.cents += ngwee(row.installment_amount);
      seen.installment = seen.cents / 100;
      if (row.end_date > seen.end_date) seen.end_date = row.end_date;
      seen.name ??= nameOf(row);
      return;
    }
    const cents = ngwee(row.installment_amount);
    const nrc = row.nrc ? normaliseNrc(row.nrc) : null;
    borrowers.set(key, { key, row: rowNumbers[i] ?? null, nrc, digits: nrcDigits(nrc ?? ''), employee_no: row.employee_no, name: nameOf(row), installment: cents / 100, end_date: row.end_date, cents });
  });
  return borrowers;
}

/** How a borrower is named in a message: the NRC, or the employee number when there is none. */
export const whoIs = (borrower: Pick<Borrower, 'nrc' | 'employee_no'>) => borrower.nrc ?? `employee ${borrower.employee_no ?? ''}`.trim();

const signal = (borrower: Borrower, type: SignalType, message: string, row: number | null = borrower.row): Signal => ({
  row,
  type,
  nrc: borrower.nrc,
  employee_no: borrower.employee_no,
  message,
});

/** The IDENTITY signals of one borrower against what is on record (other submissions only). */
export function identitySignals(borrower: Borrower, record: readonly RecordEntry[], employees: readonly EmployeeEntry[] = []): Signal[] {
  const out: Signal[] = [];
  if (borrower.nrc && borrower.employee_no) {
    for (const other of employeeNumbersOnRecord(record).filter((seen) => seen.employee_no !== borrower.employee_no)) {
      out.push(signal(borrower, 'IDENTITY', SIGNAL_MESSAGES.nrcOtherEmployee(borrower.nrc, other.employee_no, other.first_seen, borrower.employee_no)));
    }
    for (const nrc of otherNrcsOnRecord(employees, borrower.digits)) {
      out.push(signal(borrower, 'IDENTITY', SIGNAL_MESSAGES.employeeOtherNrc(borrower.employee_no, nrc, borrower.nrc)));
    }
  }
  const onRecord = recordName(record);
  if (borrower.name && onRecord && nameKey(onRecord) !== nameKey(borrower.name)) {
    out.push(signal(borrower, 'IDENTITY', SIGNAL_MESSAGES.nameDiffers(onRecord, borrower.name)));
  }
  return out;
}

export interface SignalInput {
  kind: SubmissionKind;
  month: Month;
  payeeKey: string;
  rows: readonly CanonicalRow[];
  rowNumbers: readonly number[];
  /** The rows of the payee key's latest inputs for the previous month that is not rejected, or null. */
  previous: readonly CanonicalRow[] | null;
  /** The rows of its stoppages for the previous month and this one that are not rejected (inputs only). */
  stopped: readonly CanonicalRow[];
  /** What is on record by NRC digits and by employee number (rejected submissions left out). */
  records: ReadonlyMap<string, readonly RecordEntry[]>;
  employees: ReadonlyMap<string, readonly EmployeeEntry[]>;
  limits: ExposureLimits;
}

export interface SignalReport {
  /** The month compared with and whether the payee key had inputs for it. */
  baseline: { month: Month; found: boolean };
  counts: SignalCounts;
  /** In row order; MISSING (no row) last. */
  signals: Signal[];
}

const byRow = (a: Signal, b: Signal) => (a.row ?? Number.MAX_SAFE_INTEGER) - (b.row ?? Number.MAX_SAFE_INTEGER);

/** Every signal of one file (issue 15, items 1–4). */
export function computeSignals(input: SignalInput): SignalReport {
  const previousMonth = shiftMonth(input.month, -1);
  const counts: SignalCounts = { new: 0, changed: 0, continuing: 0, missing: 0, identity: 0, exposure: 0, stoppage_unknown: 0 };
  const signals: Signal[] = [];
  const add = (s: Signal) => {
    signals.push(s);
    counts[s.type.toLowerCase() as keyof SignalCounts]++;
  };
  const file = borrowersOf(input.rows, input.rowNumbers);
  const previous = borrowersOf(input.previous ?? []);
  const stopped = new Set(borrowersOf(input.stopped).keys());
  const running = new Map([...previous].filter(([key]) => !stopped.has(key)));

  for (const borrower of file.values()) {
    const record = input.records.get(borrower.digits) ?? [];
    for (const s of identitySignals(borrower, record, (borrower.employee_no && input.employees.get(borrower.employee_no)) || [])) add(s);
    if (input.kind === 'stoppages') {
      if (!previous.has(borrower.key)) add(signal(borrower, 'STOPPAGE_UNKNOWN', SIGNAL_MESSAGES.stoppageUnknown(whoIs(borrower), input.payeeKey, previousMonth)));
      continue;
    }
    const before = running.get(borrower.key);
    if (before && ngwee(before.installment) === ngwee(borrower.installment)) {
      counts.continuing++;
      continue;
    }
    if (before) add(signal(borrower, 'CHANGED', SIGNAL_MESSAGES.changed(before.installment, borrower.installment, previousMonth)));
    else add(signal(borrower, 'NEW', SIGNAL_MESSAGES.newDeduction(whoIs(borrower), input.payeeKey, previousMonth)));
    if (!borrower.digits) continue;
    const exposure = exposureOf(record, input.payeeKey, input.month, borrower.installment);
    if (reachesLimit(exposure, input.limits)) add(signal(borrower, 'EXPOSURE', SIGNAL_MESSAGES.exposure(exposure.lenders, exposure.total, borrower.nrc ?? borrower.digits)));
  }
  if (input.kind === 'inputs') {
    const firstDay = firstDayOfMonth(input.month);
    for (const borrower of running.values()) {
      if (file.has(borrower.key) || borrower.end_date < firstDay) continue;
      add(signal(borrower, 'MISSING', SIGNAL_MESSAGES.missing(whoIs(borrower), borrower.name ?? `employee ${borrower.employee_no ?? 'unknown'}`, previousMonth, input.month), null));
    }
  }
  return { baseline: { month: previousMonth, found: input.previous !== null }, counts, signals: signals.sort(byRow) };
}
