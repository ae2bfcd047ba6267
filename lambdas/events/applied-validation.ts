import { jsonlSink } from '#data/payroll/reconciliation-files.js';
import { getMonthReconciliation, putLenderReconciliation } from '#data/payroll/reconciliation.js';
import { scheduleLines, scheduleToAnswer } from '#data/payroll/schedule-read.js';
import { unexpectedListWriter, unexpectedOf } from '#data/payroll/unexpected.js';
import type { UploadRecord } from '#data/uploads/upload.js';
import { logger } from '#lib/powertools.js';
import { RECONCILIATION_MESSAGES } from '#shared/api/reconciliation.js';
import type { LenderTotals } from '#shared/api/reconciliation.js';
import { UPLOAD_STAGES, type UploadStage } from '#shared/api/submissions.js';
import { AppliedIndex } from '#shared/rules/applied-index.js';
import { keysOutside, linesOfPart, partsVersion } from '#shared/rules/applied-parts.js';
import { reconcileByLender } from '#shared/rules/reconciliation.js';
import { validateAppliedStreamed } from '../validation/stream-driver.js';
import { failedValidation, summarise, type ValidationOutcome } from './deduction-validation.js';

const EMPTY = 'The file lists no applied deductions under its header row. Put one row per employee and lender on the first sheet and try again.';
const UNREADABLE = 'The applied deductions file could not be validated. Check that it is an Excel workbook (.xlsx) and try again.';
const NO_ROWS = { complete: async () => undefined };

/**
 * The server's validation of an applied deductions file: refused whole unless it answers the frozen payroll schedule
 * version the month's next file must answer (the latest, or for a further part the recorded parts', `scheduleToAnswer`),
 * whose lines it then streams; then the applied rules (shared/rules/applied.ts) over the streamed sheet, every finding an
 * error. A file without errors is reconciled at once with the schedule's lines, streamed from S3 lender by lender
 * (shared/rules/reconciliation.ts): each lender's lines are written as JSONL as they are made (jsonlSink) and go to
 * their own result file, the totals onto the upload, so Submit has only to record them. Memory: the applied rows (a few
 * tens of bytes each), one lender's schedule lines and its JSONL's bytes.
 */
export async function validateAppliedUpload(
  upload: Pick<UploadRecord, 'id' | 'month' | 'schedule_version' | 'part_payee_keys'>,
  data: Uint8Array,
  onStage: (stage: UploadStage) => Promise<boolean>,
): Promise<ValidationOutcome | null> {
  if (!(await onStage(UPLOAD_STAGES.validating))) return null;
  const recorded = await getMonthReconciliation(upload.month);
  const part = Boolean(upload.part_payee_keys);
  const schedule = await scheduleToAnswer(upload.month, recorded, part);
  if (!schedule) return failedValidation(upload.id, RECONCILIATION_MESSAGES.noSchedule(upload.month));
  if (upload.schedule_version !== schedule.version) {
    const message = RECONCILIATION_MESSAGES.wrongVersion(upload.month, upload.schedule_version ?? 0, schedule.version, partsVersion(recorded, part) !== null);
    return failedValidation(upload.id, message);
  }
  const index = new AppliedIndex();
  let result;
  try {
    result = await validateAppliedStreamed(data, index);
  } catch (error) {
    logger.error('Applied deductions validation threw', error as Error);
    return failedValidation(upload.id, UNREADABLE);
  }
  if (result.row_count === 0) return failedValidation(upload.id, result.errors[0]?.message ?? EMPTY);
  const issues = { errors: result.errors, warnings: [], fraud: [] };
  const summary = summarise(result, result.rows, issues);
  if (result.errors.length) return { status: 'validated', issues, rows: NO_ROWS, signals: null, summary };
  const outside = keysOutside(upload.part_payee_keys, index.payeeKeys());
  if (outside.length) return failedValidation(upload.id, RECONCILIATION_MESSAGES.rowsOutsidePart(upload.part_payee_keys ?? [], outside));

  const names = new Map(schedule.by_lender.map((lender) => [lender.payee_key, lender.org_name]));
  const byLender: LenderTotals[] = [];
  // The UNEXPECTED lines also go to a short list of their own, which Submit's job texts without reading every lender's lines.
  const unexpected = unexpectedListWriter(upload.id);
  for await (const lender of reconcileByLender(linesOfPart(scheduleLines(schedule.month, schedule.version), upload.part_payee_keys), index, jsonlSink)) {
    byLender.push(await putLenderReconciliation(upload.id, lender, names.get(lender.payee_key) ?? null));
    await unexpected.add(unexpectedOf(lender.payee_key, names.get(lender.payee_key) ?? null, lender.unexpected));
  }
  await unexpected.complete();
  return {
    status: 'validated',
    issues,
    rows: NO_ROWS,
    signals: null,
    summary: { ...summary, reconciliation: { schedule_version: schedule.version, by_lender: byLender } },
  };
}
