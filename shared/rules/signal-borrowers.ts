import { BorrowerTotals } from './borrower-keys.js';
import { ngwee } from './borrower-record.js';
import type { CanonicalRow } from './canonical-row.js';
import { employeeNumberKey } from './employee-number.js';
import { normaliseNrc, nrcDigits } from './nrc.js';

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
  /** Joined through the payroll register (a row without an NRC): `nrc` is the register's, never shown to the lender. */
  joined?: boolean;
  /** The mandate its rows cite (the first given), as written; absent when none does. */
  mandate?: string;
}

/** A borrower is keyed by NRC digits, or by employee number (letter case aside) when the NRC is empty. */
export function borrowerKey(row: Pick<CanonicalRow, 'nrc' | 'employee_no'>): string | null {
  const digits = nrcDigits(row.nrc ?? '');
  if (digits) return `NRC#${digits}`;
  return row.employee_no ? `EMP#${employeeNumberKey(row.employee_no)}` : null;
}

const nameOf = (row: CanonicalRow) => [row.first_name, row.last_name].filter(Boolean).join(' ') || null;

/** Adds one row to a file's borrowers (a borrower's installments summed, its latest end date kept). */
function addBorrowerRow(borrowers: Map<string, Borrower>, row: CanonicalRow, rowNumber: number | null = null): void {
  const key = borrowerKey(row);
  if (!key) return;
  const seen = borrowers.get(key);
  if (seen) {
    seen.installment = (ngwee(seen.installment) + ngwee(row.installment_amount)) / 100;
    if (row.end_date > seen.end_date) seen.end_date = row.end_date;
    seen.name ??= nameOf(row);
    if (!seen.mandate && row.mandate) seen.mandate = row.mandate;
    return;
  }
  const nrc = row.nrc ? normaliseNrc(row.nrc) : null;
  borrowers.set(key, {
    key,
    row: rowNumber,
    nrc,
    digits: nrcDigits(nrc ?? ''),
    employee_no: row.employee_no,
    name: nameOf(row),
    installment: ngwee(row.installment_amount) / 100,
    end_date: row.end_date,
    ...(row.mandate ? { mandate: row.mandate } : {}),
  });
}

/** The borrowers of a file's rows, in order of first row; `rowNumbers[i]` is the sheet row of `rows[i]`. */
export function borrowersOf(rows: readonly CanonicalRow[], rowNumbers: readonly number[] = []): Map<string, Borrower> {
  const borrowers = new Map<string, Borrower>();
  rows.forEach((row, i) => addBorrowerRow(borrowers, row, rowNumbers[i] ?? null));
  return borrowers;
}

/** Installments in ngwee by borrower key: a Map, or the compact table a month is read into (borrower-keys.ts). */
export interface Totals {
  has(key: string): boolean;
  get(key: string): number | undefined;
  set(key: string, value: number): unknown;
}

/**
 * The payee key's previous month as one file is compared with it: each borrower's installment in ngwee
 * (null without inputs for it), whole only for the borrowers the file does not name (they may be
 * MISSING), and the borrowers it stopped.
 */
export interface Baseline {
  previous: Totals | null;
  absent: Map<string, Borrower>;
  stopped: Set<string>;
}

/** A baseline to read rows into, its inputs found: a million-row month costs about 50 bytes a borrower. */
export const emptyBaseline = () => ({ previous: new BorrowerTotals(), absent: new Map<string, Borrower>(), stopped: new Set<string>() });

/**
 * Adds one row of the previous month to a baseline being read. Given the file (inputs), the borrowers it
 * does not name are kept whole, for MISSING.
 */
export function addPreviousRow(baseline: ReturnType<typeof emptyBaseline>, row: CanonicalRow, file?: ReadonlyMap<string, Borrower>): void {
  const key = borrowerKey(row);
  if (!key) return;
  baseline.previous.set(key, (baseline.previous.get(key) ?? 0) + ngwee(row.installment_amount));
  if (file && !file.has(key)) addBorrowerRow(baseline.absent, row);
}

/** Adds one stopped row to a baseline. */
export function addStoppedRow(baseline: Baseline, row: CanonicalRow): void {
  const key = borrowerKey(row);
  if (key) baseline.stopped.add(key);
}

/** The baseline of these rows (previous: null without inputs for the month); `file` as for addPreviousRow. */
export function baselineOf(previous: readonly CanonicalRow[] | null, stopped: readonly CanonicalRow[], file?: ReadonlyMap<string, Borrower>): Baseline {
  const found = emptyBaseline();
  for (const row of previous ?? []) addPreviousRow(found, row, file);
  for (const row of stopped) addStoppedRow(found, row);
  return previous ? found : { ...found, previous: null };
}
