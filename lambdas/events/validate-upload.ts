import type { S3Event, S3EventRecord } from 'aws-lambda';
import { headUploadObject, readUploadObject, sha256Of, stripQuotes } from '#data/uploads/objects.js';
import { putResult, resultKeys } from '#data/uploads/results.js';
import { claimValidation, getUpload, markArrived, updateValidation } from '#data/uploads/upload.js';
import { emitWebhookEvent } from '#data/webhooks/events.js';
import { createEventHandler } from '#lib/event-handler.js';
import { logger } from '#lib/powertools.js';
import { SUBMISSION_MESSAGES, UPLOAD_STAGES } from '#shared/api/submissions.js';
import { issuesCsv } from '#shared/rules/csv.js';
import { validateAppliedUpload } from './applied-validation.js';
import { failedValidation, validateDeductionFile } from './deduction-validation.js';
import { validateRegisterUpload } from './register-validation.js';
import { objectKey, uploadIdOf } from './s3-records.js';

const SETTLED = ['validated', 'failed', 'submitted'];
const secondFile = (uploadId: string) => failedValidation(uploadId, SUBMISSION_MESSAGES.secondFile);

/**
 * S3 trigger on `incoming/` in the uploads bucket: validates the uploaded file and stores the result on
 * its upload record (large parts under `results/{id}/`). Delivered at least once: an event for an
 * object whose result is already stored (same ETag) changes nothing, and every write is conditional on
 * this run still being the object's validation. Only the first object an upload's link took is
 * validated: the event of a second one, posted with the same link, is ignored.
 */
export const handler = createEventHandler(async (event: S3Event): Promise<void> => {
  for (const record of event.Records) await processRecord(record);
});

async function processRecord(record: S3EventRecord): Promise<void> {
  const key = objectKey(record);
  const id = uploadIdOf(key);
  const upload = id ? await getUpload(id) : null;
  if (!id || !upload || upload.key !== key) {
    logger.warn('No upload for this object; ignored', { key });
    return;
  }
  const eventEtag = stripQuotes(record.s3.object.eTag);
  if (upload.status === 'submitted' || (SETTLED.includes(upload.status) && eventEtag && upload.etag === eventEtag)) return;

  const head = await headUploadObject(key);
  if (!head) return; // deleted since; nothing to validate
  if (upload.doc_kind === 'onboarding') {
    await markArrived(id, head.etag, UPLOAD_STAGES.done);
    return;
  }
  if (!(await claimValidation(id, head.etag, UPLOAD_STAGES.reading))) {
    logger.warn('Another object of an upload already taken into validation; ignored', { id, etag: head.etag });
    return;
  }
  const object = await readUploadObject(key);
  if (!object) return; // deleted since; nothing to validate
  // Replaced between the two reads: the link took a second file, which is never validated, so this run
  // fails with a message to act on instead of leaving the upload waiting.
  const same = object.etag === head.etag;
  const validate = upload.doc_kind === 'register' ? validateRegisterUpload : upload.doc_kind === 'applied' ? validateAppliedUpload : validateDeductionFile;
  const outcome = same ? await validate(upload, object.data, (stage) => updateValidation(id, head.etag, { stage })) : secondFile(id);
  if (!outcome) return;
  const keys = resultKeys(id);
  // The signals' lists, first page and kinds by NRC are written as validation finds them (signal-output.ts).
  await Promise.all([
    putResult(keys.issues, JSON.stringify(outcome.issues), 'application/json'),
    outcome.rows.complete(),
    // With a BOM, so that Excel reads the messages' dashes as UTF-8.
    outcome.signals
      ? outcome.signals.written.writeReport(outcome.issues)
      : putResult(keys.report, `\uFEFF${issuesCsv(outcome.issues)}`, 'text/csv; charset=utf-8'),
  ]);
  await updateValidation(id, head.etag, {
    ...outcome.summary,
    ...(outcome.signals ? { signal_counts: outcome.signals.counts, signal_baseline: outcome.signals.baseline } : {}),
    status: outcome.status,
    stage: UPLOAD_STAGES.done,
    // The very bytes validated: Submit stores these and nothing else (lambdas/data/uploads/validated-file.ts).
    ...(same ? { sha256: sha256Of(object.data), object_size: object.data.length } : {}),
    validated_at: new Date().toISOString(),
  });
  if (upload.org_id)
    await emitWebhookEvent(upload.org_id, 'upload.validated', { upload_id: id, kind: upload.doc_kind, month: upload.month, status: outcome.status });
}
