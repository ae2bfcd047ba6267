import { bucketName } from '#adapters/aws-clients.js';
import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { getMonthReconciliation, type MonthReconciliation, putMonthReconciliation } from '#data/payroll/reconciliation.js';
import { scheduleToAnswer } from '#data/payroll/schedule-read.js';
import { markStored, type UploadRecord } from '#data/uploads/upload.js';
import { storeValidatedFile } from '#data/uploads/validated-file.js';
import { emitReconciliationReady } from '#data/webhooks/events.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { BadRequestError, ConflictError } from '#http/errors.js';
import { RECONCILIATION_MESSAGES } from '#shared/api/reconciliation.js';
import { SUBMISSION_MESSAGES, type SubmitUploadResponse } from '#shared/api/submissions.js';
import { partsVersion, recordsUpload } from '#shared/rules/applied-parts.js';
import { authorisePayrollAuthority } from '../common/payroll-authority.js';
import { addPart, firstRecord, partAsRecorded, placeOrRefuse } from './applied-parts.js';
import { answerStoredAgain, proposeReplacement } from './applied-propose.js';
import { onAppliedRecorded } from './applied-recorded.js';
import { refusal } from './readiness.js';
import { storagePath } from './upload-request.js';

/**
 * An applied deductions file answers the frozen payroll schedule version its month's next file must answer
 * (`scheduleToAnswer`: the latest, or the recorded parts' for a further part), named by its number: refused (409
 * `no_schedule`) while the month has none, 400 `schedule_version_required` without a version, and 409
 * `schedule_version_stale` for another version, the sentence naming the version to name.
 */
export async function checkScheduleVersion(month: string, version: number | undefined, recorded: MonthReconciliation | null, part: boolean): Promise<number> {
  const schedule = await scheduleToAnswer(month, recorded, part);
  if (!schedule) throw new ConflictError(RECONCILIATION_MESSAGES.noSchedule(month), 'no_schedule');
  const ofParts = partsVersion(recorded, part) !== null;
  if (version === undefined) {
    const message = ofParts ? RECONCILIATION_MESSAGES.partVersionRequired(month, schedule.version) : RECONCILIATION_MESSAGES.versionRequired(schedule.version);
    throw new BadRequestError(message, 'schedule_version_required');
  }
  if (version !== schedule.version) {
    throw new ConflictError(RECONCILIATION_MESSAGES.wrongVersion(month, version, schedule.version, ofParts), 'schedule_version_stale');
  }
  return schedule.version;
}

const lineCount = (upload: UploadRecord) => (upload.reconciliation?.by_lender ?? []).reduce((sum, lender) => sum + lender.lines, 0);

const answer = (upload: UploadRecord, bucket: string, path: string): SubmitUploadResponse => ({
  submission_id: null,
  bucket,
  path,
  file_name: upload.file_name,
  message: RECONCILIATION_MESSAGES.reconciled(lineCount(upload)),
  late: false,
});

/**
 * Submit of an applied deductions file records its reconciliation (made when it was validated) as the month's:
 * refused while it has errors or when it no longer answers the version the month's next file must answer. The bytes validated are stored at
 * `{month}/pmec/applied/…`; the month's first file is recorded at once (a conditional Put), a second one is proposed
 * for another admin of the payroll authority to approve (./applied-propose.ts). A part (decision 0221) is added beside
 * the parts recorded when it shares no payee key with them, proposed when it names exactly one part's keys, refused
 * otherwise (./applied-parts.ts); `reconciliation.ready` goes to its own lenders. Pressing Submit again answers the same.
 */
export async function submitApplied(me: AuthenticatedCaller, upload: UploadRecord): Promise<SubmitUploadResponse> {
  await authorisePayrollAuthority(me, 'applied.submit');
  const bucket = bucketName('uploads');
  const path = storagePath(upload);
  const existing = await getMonthReconciliation(upload.month);
  if (existing && recordsUpload(existing, upload.id)) return answer(upload, bucket, path);
  if (upload.stored_key) return answerStoredAgain(upload);
  const refused = refusal(upload);
  if (refused) throw new ConflictError(refused, upload.status === 'validated' ? 'has_errors' : 'not_ready');
  const reconciliation = upload.reconciliation;
  if (!reconciliation) throw new ConflictError(SUBMISSION_MESSAGES.stillValidating, 'not_ready');
  await checkScheduleVersion(upload.month, reconciliation.schedule_version, existing, Boolean(upload.part_payee_keys));
  const placed = placeOrRefuse(upload.month, existing, upload.part_payee_keys ?? null, reconciliation.schedule_version);

  const stored = await storeValidatedFile(upload, path);
  if (stored === 'missing') throw new ConflictError(SUBMISSION_MESSAGES.fileMissing, 'file_missing');
  if (stored === 'changed') throw new ConflictError(SUBMISSION_MESSAGES.fileChanged, 'file_changed');
  if (existing && placed.kind === 'replace')
    return proposeReplacement(me, upload, partAsRecorded(existing, placed.upload_id), reconciliation, { bucket, path });
  const record = firstRecord(me, upload, reconciliation.schedule_version, reconciliation.by_lender);
  if (existing) await addPart(me, upload, existing, reconciliation.by_lender);
  else if (!(await putMonthReconciliation(record))) {
    // Another file was recorded first, at the same moment: this one is proposed to replace it, or refused beside it.
    const again = await getMonthReconciliation(upload.month);
    if (again && recordsUpload(again, upload.id)) return answer(upload, bucket, path);
    if (!again) throw new ConflictError(SUBMISSION_MESSAGES.stillValidating, 'not_ready');
    const raced = placeOrRefuse(upload.month, again, upload.part_payee_keys ?? null, reconciliation.schedule_version);
    if (raced.kind === 'replace') return proposeReplacement(me, upload, partAsRecorded(again, raced.upload_id), reconciliation, { bucket, path });
    await addPart(me, upload, again, reconciliation.by_lender);
  }
  await markStored(upload.id, bucket, path);
  const part = upload.part_payee_keys ? { part_payee_keys: upload.part_payee_keys } : {};
  const details = { key: path, schedule_version: record.schedule_version, lenders: record.by_lender.length, lines: lineCount(upload), ...part };
  await writeAudit({ actor: me, org_id: upload.org_id, action: 'applied.submit', subject: auditSubject.upload(upload.id), outcome: 'ok', details });
  await emitReconciliationReady(
    record.month,
    record.by_lender.map((lender) => lender.payee_key),
  );
  await onAppliedRecorded(record.month, record.upload_id);
  return answer(upload, bucket, path);
}
