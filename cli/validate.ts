/** `payroll validate FILE...`: the upload screen's checks, offline. Also the first step of `payroll submit`. */
import { parseArgs } from 'node:util';
import { currentMonth, isMonth } from '#shared/rules/dates.js';
import { formatIssue, type Issue } from '#shared/rules/issues.js';
import type { SubmissionKind } from '#shared/rules/submission-rules.js';
import { groupDigits } from '#shared/xlsx/errors.js';
import { FILE_COLUMN } from '#shared/xlsx/index.js';
import { validateWorkbookStreamed } from '../lambdas/validation/stream-driver.js';
import { CliError, EXIT, type Output, plural, readInput, UsageError } from './io.js';

export const VALIDATE_USAGE = `npx payroll validate FILE... --kind inputs|stoppages --payee KEY [--month YYYY-MM] [--json]

  Checks payroll deduction files (.xlsx) before they are uploaded, with the same rules as the
  upload screen: the header row, every row's employee number, NRC, dates, amount and payee key.
  It runs offline: NRCs are not checked against the fraud registry, so "fraud" is always []
  (the platform adds those flags after upload).
  --json prints one JSON report per file, one line each:
  {"file","headers_found","headers","row_count","errors","warnings","fraud"}
  Exit status: 0 no file has errors; 1 a file has errors; 2 a file could not be read at all
  (its report carries one HEADER error saying why), or the command line is wrong.`;

/** The options of a command that checks a deduction file (validate, submit). */
export const FILE_OPTIONS = {
  kind: { type: 'string' },
  month: { type: 'string' },
  payee: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** What a deduction file is checked for: its type, its month and the payee key its rows carry. */
export interface FileTarget {
  kind: SubmissionKind;
  month: string;
  payeeKey: string;
}

/** --kind, --month and --payee, checked as the upload screen checks them; a UsageError says what is wrong. */
export function fileTarget(values: { kind?: string; month?: string; payee?: string }): FileTarget {
  if (values.kind !== 'inputs' && values.kind !== 'stoppages')
    throw new UsageError(`--kind must be inputs or stoppages${values.kind ? `, not '${values.kind}'` : ''}.`);
  const month = values.month ?? currentMonth();
  if (!isMonth(month)) throw new UsageError(`--month must be a month written YYYY-MM (e.g. 2026-03), not '${month}'.`);
  // The platform refuses an upload for a later month (POST /api/uploads); a file checked for one would pass here in vain.
  if (month > currentMonth())
    throw new UsageError(`--month ${month} is after the current month (${currentMonth()}): the platform does not accept uploads for a later month.`);
  const payeeKey = values.payee?.trim() ?? '';
  if (payeeKey === '') throw new UsageError('--payee is required: the Payee Key / Code the rows must carry.');
  return { kind: values.kind, month, payeeKey };
}

/** One file's result, as --json prints it. */
export interface FileReport {
  file: string;
  headers_found: boolean;
  headers: string[];
  row_count: number;
  errors: Issue[];
  warnings: Issue[];
  fraud: Issue[];
}

const toIssue = ({ row, column, type, message }: Issue): Issue => ({ row, column, type, message });

function unreadable(file: string, message: string): FileReport {
  return {
    file,
    headers_found: false,
    headers: [],
    row_count: 0,
    errors: [{ row: null, column: FILE_COLUMN, type: 'HEADER', message }],
    warnings: [],
    fraud: [],
  };
}

/** The file's bytes, or why they could not be read. */
async function readBytes(file: string): Promise<Uint8Array | string> {
  try {
    return await readInput(file);
  } catch (error) {
    if (error instanceof CliError) return error.message;
    throw error;
  }
}

/** A file's report, whether it could be read at all, and its bytes: the Lambda's reader (Node's native zlib), rows not kept. */
export async function validateFile(file: string, target: FileTarget): Promise<{ report: FileReport; readable: boolean; data: Uint8Array | null }> {
  const data = await readBytes(file);
  if (typeof data === 'string') return { report: unreadable(file, data), readable: false, data: null };
  const result = await validateWorkbookStreamed(data, { ...target, collectRows: false });
  const report: FileReport = {
    file,
    headers_found: result.headers_found,
    headers: result.headers,
    row_count: result.row_count,
    errors: result.errors.map(toIssue),
    warnings: result.warnings.map(toIssue),
    fraud: [],
  };
  return { report, readable: result.file_error === null, data };
}

const LIST_LIMIT = 50;

/** Issues under a title, as the results lists word them, the first LIST_LIMIT of them. */
export function issueLines(title: string, issues: readonly Issue[], total = issues.length): string[] {
  if (total === 0) return [];
  const lines = [`  ${title} (${groupDigits(total)})`, ...issues.slice(0, LIST_LIMIT).map((issue) => `    ${formatIssue(issue)}`)];
  const shown = Math.min(issues.length, LIST_LIMIT);
  if (total > shown)
    lines.push(`    … and ${groupDigits(total - shown)} more (--json lists ${issues.length === total ? 'them all' : `${groupDigits(issues.length)} of them`})`);
  return lines;
}

function summary(report: FileReport): string[] {
  const lines = [`${report.file}: ${plural(report.row_count, 'row')}, ${plural(report.errors.length, 'error')}, ${plural(report.warnings.length, 'warning')}`];
  if (report.headers.length > 0) lines.push(`  Columns: ${report.headers.filter(Boolean).join(', ')}`);
  lines.push(...issueLines('Errors', report.errors), ...issueLines('Warnings', report.warnings));
  lines.push('  Fraud flags: not checked (the CLI runs offline)');
  return lines;
}

/** Runs `validate`; resolves to the exit status. */
export async function runValidate(argv: readonly string[], output: Output): Promise<number> {
  const { values, positionals: files } = parseArgs({ args: [...argv], allowPositionals: true, options: FILE_OPTIONS });
  if (values.help) {
    output.out(`Usage: ${VALIDATE_USAGE}`);
    return EXIT.ok;
  }
  if (files.length === 0) throw new UsageError('Name at least one .xlsx file to validate.');
  const target = fileTarget(values);
  let status: number = EXIT.ok;
  for (const file of files) {
    const { report, readable } = await validateFile(file, target);
    output.out(values.json ? JSON.stringify(report) : summary(report).join('\n'));
    status = Math.max(status, !readable ? EXIT.usage : report.errors.length > 0 ? EXIT.fileErrors : EXIT.ok);
  }
  return status;
}
