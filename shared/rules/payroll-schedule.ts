import { csvRow } from './csv.js';

/**
 * One line of a month's payroll schedule: what the payroll deducts from one employee for one lender.
 * `amount` in ZMW as history stores installments; dates as the deduction file's START/END dates are
 * stored (ISO `YYYY-MM-DD`, or '' when none).
 */
export interface ScheduleLine {
  payee_key: string;
  employee_no: string;
  nrc: string;
  name: string;
  amount: number;
  start_date: string;
  end_date: string;
}

/** The column layout PMEC loads into the payroll. */
export const SCHEDULE_COLUMNS = ['EMPLOYEE NUMBER', 'NRC', 'NAME', 'PAYEE KEY', 'AMOUNT', 'START DATE', 'END DATE'] as const;

/** A line's cells in SCHEDULE_COLUMNS' order (the amount with two decimals, as a number). */
export const scheduleCells = (line: ScheduleLine): (string | number)[] => [
  line.employee_no,
  line.nrc,
  line.name,
  line.payee_key,
  Math.round(line.amount * 100) / 100,
  line.start_date,
  line.end_date,
];

/** The CSV body the hash is taken over: the column header, then one CRLF-ended line per schedule line. */
export const SCHEDULE_CSV_HEADER = `${csvRow(SCHEDULE_COLUMNS)}\r\n`;
export const scheduleCsvLine = (line: ScheduleLine): string => `${csvRow(scheduleCells(line))}\r\n`;

/** The title printed above the columns of each download and on the screen. */
export const scheduleTitle = (month: string, version: number, hash: string): string => `Schedule ${month} version ${version}, SHA-256 ${hash}`;

/** Amounts are added in ngwee, so a million lines add up to what the CSV shows. */
export const toNgwee = (amount: number): number => Math.round(amount * 100);
export const fromNgwee = (ngwee: number): number => ngwee / 100;

/**
 * The order lines are kept in (lender, then employee number, then the rest of the line): JavaScript's
 * default string order (UTF-16 code units) on the payee key, then on the line's text keyed by lineText.
 */
export const lineText = (line: Omit<ScheduleLine, 'payee_key'>): string =>
  [line.employee_no, line.nrc, line.name, toNgwee(line.amount), line.start_date, line.end_date].join('\t');

export function parseLineText(payee_key: string, text: string): ScheduleLine {
  const [employee_no = '', nrc = '', name = '', ngwee = '0', start_date = '', end_date = ''] = text.split('\t');
  return { payee_key, employee_no, nrc, name, amount: fromNgwee(Number(ngwee)), start_date, end_date };
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Orders two lines' borrowers: payee key, then employee number (the lines' sort order). */
export const compareBorrowers = (a: ScheduleLine, b: ScheduleLine): number => compare(a.payee_key, b.payee_key) || compare(a.employee_no, b.employee_no);

/** What changed for one lender between two versions of a schedule. */
export interface LenderChanges {
  payee_key: string;
  added: number;
  removed: number;
  changed: number;
}

/**
 * Compares one borrower's lines at one lender before and now: a line in both is unchanged; those left
 * over on both sides pair up as changed (amount, dates, name, NRC); the rest were added or removed.
 */
export function borrowerChanges(before: readonly ScheduleLine[], now: readonly ScheduleLine[]): Omit<LenderChanges, 'payee_key'> {
  const left = new Map<string, number>();
  for (const line of before) left.set(lineText(line), (left.get(lineText(line)) ?? 0) + 1);
  let unmatched = 0;
  for (const line of now) {
    const key = lineText(line);
    const count = left.get(key) ?? 0;
    if (count > 0) left.set(key, count - 1);
    else unmatched++;
  }
  const gone = [...left.values()].reduce((sum, n) => sum + n, 0);
  const changed = Math.min(gone, unmatched);
  return { added: unmatched - changed, removed: gone - changed, changed };
}

/** A month written YYYY-MM from 2000-01 to 2099-12. */
export const SCHEDULE_MONTH = /^20\d\d-(0[1-9]|1[0-2])$/;
