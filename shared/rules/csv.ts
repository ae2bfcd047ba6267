import { ISSUE_COLUMNS, issuePlace, type Issue } from './issues.js';
import type { Signal } from './signals.js';

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field: text starting like a formula gets a leading apostrophe, and a field holding a comma,
 * quote or line break is quoted with its quotes doubled. Finite numbers are written as they are: they cannot be formulas.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const raw = value instanceof Date ? value.toISOString() : String(value);
  const text = FORMULA_START.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return values.map(csvCell).join(',');
}

/** Rows joined with CRLF (RFC 4180), ending with one. */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => `${csvRow(row)}\r\n`).join('');
}

export interface IssueReport {
  errors: readonly Issue[];
  warnings: readonly Issue[];
  fraud: readonly Issue[];
}

/** The Download CSV report's header and issue lines: errors then warnings then fraud flags (the signals follow). */
export function issueCsvLines(report: IssueReport): string {
  // Each list says its severity: a register's NRC finding is an error, a deduction file's a warning.
  const line = (severity: string) => (issue: Issue) => [
    severity,
    issue.type,
    issue.row !== null && issue.row > 0 ? issue.row : issuePlace(issue.row),
    issue.column,
    issue.message,
  ];
  return toCsv([
    ['severity', 'type', 'row', 'column', 'message'],
    ...report.errors.map(line('error')),
    ...report.warnings.map(line('warning')),
    ...report.fraud.map(line('flag')),
  ]);
}

/** A deduction signal's line of the report (severity 'signal'; a MISSING deduction has no row). */
export const signalCsvLine = (signal: Signal): string =>
  `${csvRow(['signal', signal.type, signal.row, signal.nrc ? ISSUE_COLUMNS.nrc : ISSUE_COLUMNS.employee_no, signal.message])}\r\n`;

/**
 * The Download CSV report: one line per issue, errors then warnings then fraud flags, then the deduction
 * signals in row order (a validation streams them in: lambdas/events/signal-output.ts).
 */
export function issuesCsv(report: IssueReport, signals: readonly Signal[] = []): string {
  return issueCsvLines(report) + signals.map(signalCsvLine).join('');
}
