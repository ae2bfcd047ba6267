import { JsonArrayUpload } from '#adapters/s3-json-array-upload.js';
import { resultKeys } from '#data/uploads/results.js';
import { type UploadRecord } from '#data/uploads/upload.js';
import { logger } from '#lib/powertools.js';
import { UPLOAD_STAGES, type UploadStage } from '#shared/api/submissions.js';
import type { RegisterEmployee } from '#shared/rules/register.js';
import { validateRegisterStreamed } from '../validation/stream-driver.js';
import { failedValidation, summarise, type ValidationOutcome } from './deduction-validation.js';
import { RegisterComparison } from './register-difference.js';

/** A register of nobody would take every employee off the payroll: it is refused as a whole. */
const EMPTY = 'The register lists no employees under its header row. Put one row per employee on the first sheet and try again.';
const UNREADABLE = 'The register could not be validated. Check that it is an Excel workbook (.xlsx) and try again.';

/**
 * The server's validation of a payroll register: the register rules (shared/rules/register.ts) over the
 * streamed sheet, every finding an error. Each employee without one goes on to `results/{id}/rows.json` as
 * it is read (what Submit's ingestion stores), so a 300,000-employee register never stands in memory whole;
 * the preview shows mobiles masked. Meanwhile each employee is compared with the current register
 * (./register-difference.ts): the difference is kept on the upload, shown before Submit and to the approver.
 * A register is PMEC's own record: no fraud check, no deduction signals.
 */
export async function validateRegisterUpload(
  upload: Pick<UploadRecord, 'id'>,
  data: Uint8Array,
  onStage: (stage: UploadStage) => Promise<boolean>,
): Promise<ValidationOutcome | null> {
  if (!(await onStage(UPLOAD_STAGES.validating))) return null;
  const rows = new JsonArrayUpload(resultKeys(upload.id).rows);
  // Reading the current register is the platform's work: a failure there throws, and the event is retried.
  const comparison = await RegisterComparison.start(upload.id);
  const take = (employee: RegisterEmployee) => {
    rows.push(employee);
    comparison.compare(employee);
  };
  let result;
  try {
    result = await validateRegisterStreamed(data, take, async () => {
      await Promise.all([rows.drain(), comparison.drain()]);
    });
  } catch (error) {
    logger.error('Register validation threw', error as Error);
    return failedValidation(upload.id, UNREADABLE);
  }
  if (result.row_count === 0) return failedValidation(upload.id, result.errors[0]?.message ?? EMPTY);
  const difference = await comparison.finish();
  const issues = { errors: result.errors, warnings: [], fraud: [] };
  return { status: 'validated', issues, rows, signals: null, summary: { ...summarise(result, result.employees, issues), register_difference: difference } };
}
