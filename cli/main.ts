import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { validateWorkbookStreamed } from '../lambdas/validation/stream-driver.js';
import { currentMonth, isMonth } from '../shared/rules/dates.js';
import { formatIssue, type Issue } from '../shared/rules/issues.js';
import type { SubmissionKind } from '../shared/rules/submission-rules.js';
import { groupDigits } from '../shared/xlsx/errors.js';
import { FILE_COLUMN } from '../shared/xlsx/index.js';

export const USAGE = `Usage: npm run cli -- validate FILE... --kind inputs|stoppages --payee KEY [--month YYYY-MM] [--json]

Checks payroll deduction files (.xlsx) before they are uploaded, with the same rules as the
upload screen: the header row, every row's employee number, NRC, dates, amount and payee key.

Options:
  --kind inputs|stoppages  the file type (required)
  --payee KEY              the Payee Key / Code the rows must carry (required)
  --month YYYY-MM          the submission month, not after the current one (default: the current month in Zambia)
  --json                   one JSON report per file, one line each:
                           {"file","headers_found","headers","row_count","errors","warnings","fraud"}
  -h, --help               this text

The CLI runs offline: NRCs are not checked against the fraud registry, so "fraud" is always []
(the platform adds those flags after upload).

Exit status: 0 no file has errors; 1 a file has errors; 2 a file could not be read at all
(its report carries one HEADER error saying why), or the command line is wrong.`;

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

interface Output {
  out(line: string): void;
  err(line: string): void;
}

class UsageError extends Error {}

interface Command {
  files: string[];
  kind: SubmissionKind;
  month: string;
  payeeKey: string;
  json: boolean;
}

function parseCommand(argv: readonly string[]): Command | 'help' {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      kind: { type: 'string' },
      month: { type: 'string' },
      payee: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  const [command, ...files] = positionals;
  if (command !== 'validate') throw new UsageError(command ? `Unknown command '${command}': the command is 'validate'.` : 'Missing the command: validate.');
  if (files.length === 0) throw new UsageError('Name at least one .xlsx file to validate.');
  if (values.kind !== 'inputs' && values.kind !== 'stoppages') throw new UsageError(`--kind must be inputs or stoppages${values.kind ? `, not '${values.kind}'` : ''}.`);
  const month = values.month ?? currentMonth();
  if (!isMonth(month)) throw new UsageError(`--month must be a month written YYYY-MM (e.g. 2026-03), not '${month}'.`);
  // The platform refuses an upload for a later month (POST /api/uploads); a file checked for one would pass here in vain.
  // The words are the CLI's own: the platform's message module would bring zod into the bundle.
  if (month > currentMonth()) throw new UsageError(`--month ${month} is after the current month (${currentMonth()}): the platform does not accept uploads for a later month.`);
  const payeeKey = values.payee?.trim() ?? '';
  if (payeeKey === '') throw new UsageError('--payee is required: the Payee Key / Code the rows must carry.');
  return { files, kind: values.kind, month, payeeKey, json: values.json };
}

const toIssue = ({ row, column, type, message }: Issue): Issue => ({ row, column, type, message });

function unreadable(file: string, message: string): FileReport {
  return { file, headers_found: false, headers: [], row_count: 0, errors: [{ row: null, column: FILE_COLUMN, type: 'HEADER', message }], warnings: [], fraud: [] };
}

function readFile(file: string): Uint8Array | string {
  try {
    const bytes = readFileSync(file);
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return `File not found: ${file}`;
    if (code === 'EISDIR') return `${file} is a folder, not a file.`;
    if (code === 'EACCES' || code === 'EPERM') return `No permission to read ${file}.`;
    return `Could not read ${file}: ${(error as Error).message}`;
  }
}

/** The report of one file and whether it could be read at all: the Lambda's reader (Node's native zlib), rows not kept. */
async function validateFile(file: string, command: Omit<Command, 'files' | 'json'>): Promise<{ report: FileReport; readable: boolean }> {
  const data = readFile(file);
  if (typeof data === 'string') return { report: unreadable(file, data), readable: false };
  const result = await validateWorkbookStreamed(data, { kind: command.kind, month: command.month, payeeKey: command.payeeKey, collectRows: false });
  const report: FileReport = {
    file,
    headers_found: result.headers_found,
    headers: result.headers,
    row_count: result.row_count,
    errors: result.errors.map(toIssue),
    warnings: result.warnings.map(toIssue),
    fraud: [],
  };
  return { report, readable: result.file_error === null };
}

const LIST_LIMIT = 50;
const plural = (count: number, word: string) => `${groupDigits(count)} ${word}${count === 1 ? '' : 's'}`;

function summary(report: FileReport): string[] {
  const lines = [`${report.file}: ${plural(report.row_count, 'row')}, ${plural(report.errors.length, 'error')}, ${plural(report.warnings.length, 'warning')}`];
  if (report.headers.length > 0) lines.push(`  Columns: ${report.headers.filter(Boolean).join(', ')}`);
  for (const [title, issues] of [['Errors', report.errors], ['Warnings', report.warnings]] as const) {
    if (issues.length === 0) continue;
    lines.push(`  ${title} (${groupDigits(issues.length)})`);
    for (const issue of issues.slice(0, LIST_LIMIT)) lines.push(`    ${formatIssue(issue)}`);
    if (issues.length > LIST_LIMIT) lines.push(`    … and ${groupDigits(issues.length - LIST_LIMIT)} more (--json lists them all)`);
  }
  lines.push('  Fraud flags: not checked (the CLI runs offline)');
  return lines;
}

/** Runs the CLI; resolves to the exit status. cli/bin.ts is the entry point, bundled by scripts/build-cli.mjs. */
export async function main(argv: readonly string[], output: Output = { out: (line) => console.log(line), err: (line) => console.error(line) }): Promise<number> {
  let command: Command | 'help';
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof TypeError)) throw error;
    output.err(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (command === 'help') {
    output.out(USAGE);
    return 0;
  }
  let status = 0;
  for (const file of command.files) {
    const { report, readable } = await validateFile(file, command);
    if (command.json) output.out(JSON.stringify(report));
    else output.out(summary(report).join('\n'));
    status = Math.max(status, !readable ? 2 : report.errors.length > 0 ? 1 : 0);
  }
  return status;
}
