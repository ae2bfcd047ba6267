/**
 * `payroll submit FILE`: what the Submissions screen does, for a lender's system. The file is checked
 * locally first (nothing is uploaded while it has errors), then uploaded with the upload's presigned POST,
 * the server's validation waited for with backoff, and the upload submitted when it has no errors.
 */
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { FILE_RULES, stageText, UPLOAD_STAGES, type UploadResponse } from '#shared/api/submissions.js';
import { createUpload, getUpload, submitUpload } from '#shared/routes/submissions.js';
import type { Issue } from '#shared/rules/issues.js';
import { CliError, EXIT, type Output, plural, UsageError } from './io.js';
import { connect, type Env, type Platform, readEnv } from './platform.js';
import { FILE_OPTIONS, fileTarget, issueLines, validateFile } from './validate.js';

export const SUBMIT_USAGE = `npx payroll submit FILE --kind inputs|stoppages --payee KEY [--month YYYY-MM] [--json]

  Checks the file locally with the upload screen's rules, uploads it, waits for the platform's
  validation (progress on stderr) and submits it when it has no errors; otherwise prints the errors
  and exits 1, with nothing submitted. Needs PAYROLL_URL, PAYROLL_CLIENT_ID, PAYROLL_CLIENT_SECRET.
  --json prints one JSON document on stdout: {"outcome":"submitted"|"invalid"|"error", ...}
  Exit status: 0 submitted; 1 the file has errors; 2 the command line, the environment or the
  file is wrong (or the platform answered 400); 3 the platform refused the request otherwise or
  could not be reached.`;

/** The waits between two looks at the upload: from half a second, half as long again each time, at most 5 s. */
export function* backoff(first = 500, factor = 1.5, most = 5_000): Generator<number> {
  for (let wait = first; ; wait = Math.min(most, wait * factor)) yield wait;
}
/** How long the CLI waits for the server's validation before saying so (the upload stays; the screen shows it). */
const PATIENCE_MS = 10 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const validating = (upload: UploadResponse) => upload.status === 'awaiting_file' || upload.status === 'validating';

/** Looks at the upload until the server has validated it, a progress line on stderr for each stage it reaches. */
async function waitForValidation(platform: Platform, id: string, progress: (line: string) => void): Promise<UploadResponse> {
  const giveUpAt = Date.now() + PATIENCE_MS;
  let said = stageText(UPLOAD_STAGES.validating);
  progress(said);
  for (const wait of backoff()) {
    const upload = await platform.call(getUpload, { params: { id } });
    if (!validating(upload)) return upload;
    const line = stageText(upload.stage);
    if (line !== said) progress((said = line));
    if (Date.now() > giveUpAt)
      throw new CliError(
        'validation_timeout',
        `The platform is still validating upload ${id}. Nothing was submitted: look at it on the Submissions screen, or run submit again later.`,
        EXIT.platform,
      );
    await sleep(wait);
  }
  throw new Error('unreachable');
}

/** What --json prints: the outcome, the upload and submission, the server's (or the local) findings. */
interface SubmitDocument {
  outcome: 'submitted' | 'invalid';
  /** Where the errors were found: 'local' (nothing was uploaded) or 'server'. */
  checked: 'local' | 'server';
  file: string;
  upload_id: string | null;
  submission_id: string | null;
  message: string;
  late: boolean;
  row_count: number;
  totals: { errors: number; warnings: number; fraud: number };
  errors: Issue[];
  warnings: Issue[];
  fraud: Issue[];
}

const mustFix = (errors: number) => `${plural(errors, 'error')} must be fixed before you can submit: correct the file, then submit it again.`;

/** The document as a person reads it: the message, then the findings as the results lists word them. */
function readable(doc: SubmitDocument): string {
  const lines = [
    `${doc.file}: ${plural(doc.row_count, 'row')}, ${plural(doc.totals.errors, 'error')}, ${plural(doc.totals.warnings, 'warning')}, ${plural(doc.totals.fraud, 'fraud flag')}`,
  ];
  lines.push(
    ...issueLines('Errors', doc.errors, doc.totals.errors),
    ...issueLines('Warnings', doc.warnings, doc.totals.warnings),
    ...issueLines('Fraud flags', doc.fraud, doc.totals.fraud),
  );
  lines.push(doc.message);
  if (doc.submission_id) lines.push(`Submission ${doc.submission_id}${doc.late ? ' (late: after the month’s window closed)' : ''}`);
  return lines.join('\n');
}

/** Runs `submit`; resolves to the exit status. CliErrors (environment, platform, file) go to main. */
export async function runSubmit(argv: readonly string[], output: Output, env: Env): Promise<number> {
  const { values, positionals } = parseArgs({ args: [...argv], allowPositionals: true, options: FILE_OPTIONS });
  if (values.help) {
    output.out(`Usage: ${SUBMIT_USAGE}`);
    return EXIT.ok;
  }
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'Name the .xlsx file to submit.' : 'Name one file to submit at a time.');
  const file = positionals[0]!;
  const target = fileTarget(values);
  const settings = readEnv(env);
  const progress = (line: string) => output.err(line);
  const print = (doc: SubmitDocument) => output.out(values.json ? JSON.stringify(doc) : readable(doc));

  progress(`Checking ${file} locally…`);
  const local = await validateFile(file, target);
  if (!local.readable || !local.data) throw new CliError('file_unreadable', local.report.errors[0]?.message ?? `Could not read ${file}.`, EXIT.usage);
  const base = { file, upload_id: null, submission_id: null, late: false, row_count: local.report.row_count };
  const document = (
    outcome: SubmitDocument['outcome'],
    checked: SubmitDocument['checked'],
    rest: Omit<SubmitDocument, 'outcome' | 'checked'>,
  ): SubmitDocument => ({ outcome, checked, ...rest });
  if (local.report.errors.length > 0) {
    const { errors, warnings } = local.report;
    print(
      document('invalid', 'local', {
        ...base,
        message: `${mustFix(errors.length)} Nothing was uploaded.`,
        totals: { errors: errors.length, warnings: warnings.length, fraud: 0 },
        errors,
        warnings,
        fraud: [],
      }),
    );
    return EXIT.fileErrors;
  }

  progress('Signing in with the API client…');
  const platform = await connect(settings);
  progress(`Uploading ${file}…`);
  const request = {
    doc_kind: target.kind,
    month: target.month,
    payee_key: target.payeeKey,
    file_name: basename(file),
    size: local.data.byteLength,
    content_type: FILE_RULES[target.kind].types.xlsx,
  };
  const created = await platform.call(createUpload, { body: request });
  await platform.postFile(created.upload, local.data, request.file_name);
  const server = await waitForValidation(platform, created.id, progress);
  const found = {
    upload_id: server.id,
    row_count: server.row_count,
    totals: server.totals,
    errors: server.errors,
    warnings: server.warnings,
    fraud: server.fraud,
  };
  if (server.status !== 'validated' || server.totals.errors > 0) {
    print(document('invalid', 'server', { ...base, ...found, message: `${mustFix(Math.max(1, server.totals.errors))} Nothing was submitted.` }));
    return EXIT.fileErrors;
  }
  progress('Submitting…');
  const submitted = await platform.call(submitUpload, { params: { id: server.id } });
  print(document('submitted', 'server', { ...base, ...found, submission_id: submitted.submission_id, late: submitted.late, message: submitted.message }));
  return EXIT.ok;
}
