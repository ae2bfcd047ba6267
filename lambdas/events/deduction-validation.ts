import { JsonArrayUpload } from '#adapters/s3-json-array-upload.js';
import { writeFileChecks } from '#data/audit/file-checks.js';
import { flaggedByDigest } from '#data/registry/reports.js';
import { readSettings } from '#data/settings/settings.js';
import { resultKeys } from '#data/uploads/results.js';
import { type UploadRecord } from '#data/uploads/upload.js';
import { logger } from '#lib/powertools.js';
import { ISSUE_LIST_LIMIT, UPLOAD_STAGES, type UploadStage } from '#shared/api/submissions.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { byRow, type Issue } from '#shared/rules/issues.js';
import { mandateError, mandatesRequired } from '#shared/rules/mandate-signals.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import type { Signal } from '#shared/rules/signals.js';
import { FILE_COLUMN, fraudFlagsFor, type WorkbookValidation } from '#shared/xlsx/index.js';
import { validateWorkbookStreamed } from '../validation/stream-driver.js';
import { FileBorrowers } from './file-borrowers.js';
import { UploadSignals } from './signal-output.js';
import { signalsOf, type SignalTally } from './upload-signals.js';

export interface ValidationOutcome {
  status: 'validated' | 'failed';
  /** Every issue, for the CSV report and the results file. */
  issues: { errors: Issue[]; warnings: Issue[]; fraud: Issue[] };
  /** The canonical rows, sent to `results/{id}/rows.json` as they were read: visible there once completed. */
  rows: { complete(): Promise<void> };
  /** The deduction signals' counts, their lists already written (the CSV report left to write); null when the file failed. */
  signals: (SignalTally & { written: UploadSignals }) | null;
  /** What the upload record keeps: small enough for a DynamoDB item (400 KB). */
  summary: Pick<
    UploadRecord,
    | 'headers'
    | 'row_count'
    | 'parsed_rows'
    | 'preview'
    | 'preview_columns'
    | 'errors'
    | 'warnings'
    | 'fraud'
    | 'totals'
    | 'register_difference'
    | 'reconciliation'
  >;
}

const UNREADABLE = 'The file could not be validated. Check that it is an Excel workbook (.xlsx) and try again.';
/** Room left in the item for everything but the summary. */
const SUMMARY_BUDGET = 300_000;

/**
 * FRAUD flags (non-blocking) on every row whose NRC the registry knows, read from the registry's
 * digest (at most 1,024 items whatever the file's size; bench: 250,000 NRCs in ~0.6 s vs ~29 s
 * reading one summary item per NRC).
 */
async function fraudFlags(result: WorkbookValidation): Promise<Issue[]> {
  const flagged = await flaggedByDigest(result.nrcs, nrcDigits);
  return fraudFlagsFor(result, new Set(result.nrcs.filter((nrc) => flagged.has(nrcDigits(nrc)))));
}

/** What the stage keeps of the sheet once it is read and checked: the summary's parts and every issue. */
type CheckedSheet = { sheet: Pick<WorkbookValidation, 'headers' | 'row_count' | 'preview'>; issues: ValidationOutcome['issues'] };

/**
 * The sheet read (each row handed to `onRow`) and checked against the rules and the fraud registry; a file that
 * cannot be read fails whole. The rules' per-row state (every row's NRC, the duplicate and repeat tables,
 * about 100 bytes a row) is let go when this returns, before the signals.
 */
async function checkSheet(
  upload: Pick<UploadRecord, 'id' | 'doc_kind' | 'month' | 'payee_key'>,
  data: Uint8Array,
  onRow: (row: CanonicalRow, rowNumber: number) => void,
  drain: () => Promise<void>,
  onStage: (stage: UploadStage) => Promise<boolean>,
): Promise<CheckedSheet | ValidationOutcome | null> {
  const kind = upload.doc_kind === 'stoppages' ? 'stoppages' : 'inputs';
  let result: WorkbookValidation;
  try {
    result = await validateWorkbookStreamed(data, { kind, month: upload.month, payeeKey: upload.payee_key, onRow }, drain);
  } catch (error) {
    // validateWorkbookStreamed answers every unreadable file itself; anything thrown is a fault it met in this file.
    logger.error('Validation threw', error as Error);
    return failedValidation(upload.id, UNREADABLE);
  }
  const onlyFileError = result.errors.length === 1 && result.errors[0]?.column === FILE_COLUMN && result.row_count === 0;
  if (result.file_error !== null || onlyFileError) return failedValidation(upload.id, result.errors[0]?.message ?? UNREADABLE);
  if (!(await onStage(UPLOAD_STAGES.fraud))) return null;
  const { headers, row_count, preview } = result;
  return { sheet: { headers, row_count, preview }, issues: { errors: result.errors, warnings: result.warnings, fraud: await fraudFlags(result) } };
}

/**
 * Once mandates are required for the file's month (the `mandates.required_from` setting), each NO_MANDATE
 * signal is also a row error, in row order among the others: the file cannot be submitted until every new
 * deduction cites a mandate that covers it.
 */
async function mandateErrors(month: string, issues: ValidationOutcome['issues'], missing: readonly Signal[]): Promise<ValidationOutcome['issues']> {
  if (!missing.length || !mandatesRequired((await readSettings()).mandates.required_from, month)) return issues;
  return { ...issues, errors: [...issues.errors, ...missing.map(mandateError)].sort(byRow) };
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const clipValue = (value: unknown, max: number) => (typeof value === 'string' ? clip(value, max) : value);
const capList = (issues: readonly Issue[], max: number) => issues.slice(0, ISSUE_LIST_LIMIT).map((issue) => ({ ...issue, message: clip(issue.message, max) }));

/** The summary, its texts cut shorter until it fits: a sheet may hold 32,767 characters in a cell. */
export function summarise(
  result: Pick<WorkbookValidation, 'headers' | 'row_count' | 'preview'>,
  parsedRows: number,
  issues: ValidationOutcome['issues'],
): ValidationOutcome['summary'] {
  let summary: ValidationOutcome['summary'] = {};
  for (const max of [300, 80, 20]) {
    const preview = result.preview.map((row) =>
      Object.fromEntries(
        Object.entries(row)
          .slice(0, 200)
          .map(([k, v]) => [clip(k, max), clipValue(v, max)]),
      ),
    );
    summary = {
      headers: result.headers.slice(0, 200).map((header) => clip(header, max)),
      row_count: result.row_count,
      parsed_rows: parsedRows,
      preview,
      preview_columns: [...new Set(preview.flatMap((row) => Object.keys(row)))],
      errors: capList(issues.errors, max + 200),
      warnings: capList(issues.warnings, max + 200),
      fraud: capList(issues.fraud, max + 200),
      totals: { errors: issues.errors.length, warnings: issues.warnings.length, fraud: issues.fraud.length },
    };
    if (JSON.stringify(summary).length <= SUMMARY_BUDGET) break;
  }
  return summary;
}

/** A validation that failed as a whole, with one file-level error saying why; it stores no rows. */
export function failedValidation(uploadId: string, message: string): ValidationOutcome {
  const error: Issue = { row: null, column: FILE_COLUMN, type: 'HEADER', message };
  const issues = { errors: [error], warnings: [], fraud: [] };
  const totals = { errors: 1, warnings: 0, fraud: 0 };
  const rows = new JsonArrayUpload(resultKeys(uploadId).rows);
  return {
    status: 'failed',
    issues,
    rows,
    signals: null,
    summary: { headers: [], row_count: 0, parsed_rows: 0, preview: [], preview_columns: [], ...issues, totals },
  };
}

/** The NRCs a file names (digits, each once), drawn from its borrower table as they are asked for. */
function* namedNrcs(file: FileBorrowers): Generator<string, void, undefined> {
  for (const borrower of file.values()) if (borrower.digits) yield borrower.digits;
}

/**
 * The server's validation of an inputs or stoppages file (spec part 1 §5), with the fraud registry check
 * the browser cannot do, then the deduction signals, while every NRC the file names is recorded as a lookup by
 * the uploader's organisation (lambdas/data/audit/file-checks.ts). `onStage` reports progress and answers false once this run is superseded.
 * A file that cannot be read fails with one file-level error.
 * Its memory does not follow the file's rows: each canonical row is sent on to rows.json (in parts) and
 * folded into the file's compact borrower table as it is read, and then dropped.
 */
export async function validateDeductionFile(
  upload: Pick<UploadRecord, 'id' | 'doc_kind' | 'month' | 'payee_key' | 'org_id' | 'user_id' | 'user_email' | 'created_at'>,
  data: Uint8Array,
  onStage: (stage: UploadStage) => Promise<boolean>,
): Promise<ValidationOutcome | null> {
  if (!(await onStage(UPLOAD_STAGES.validating))) return null;
  const rows = new JsonArrayUpload(resultKeys(upload.id).rows);
  const file = new FileBorrowers();
  let parsed = 0;
  const onRow = (row: CanonicalRow, rowNumber: number) => {
    parsed++;
    rows.push(row);
    file.add(row, rowNumber);
  };
  const checked = await checkSheet(upload, data, onRow, () => rows.drain(), onStage);
  if (!checked || 'status' in checked) return checked;
  const { sheet, issues } = checked;
  if (!(await onStage(UPLOAD_STAGES.signals))) return null;
  const check = { upload_id: upload.id, org_id: upload.org_id, user_id: upload.user_id, user_email: upload.user_email, at: upload.created_at };
  const written = new UploadSignals(upload.id);
  const [signals] = await Promise.all([signalsOf(upload, file, written), writeFileChecks(check, namedNrcs(file))]);
  await written.complete();
  const withMandates = await mandateErrors(upload.month, issues, written.noMandate);
  return { status: 'validated', issues: withMandates, rows, signals: { ...signals, written }, summary: summarise(sheet, parsed, withMandates) };
}
