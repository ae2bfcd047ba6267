import { SUBMISSION_MESSAGES, type SubmitUploadResponse } from '../../../shared/api/submissions.js';
import { writeAudit } from '../../data/audit.js';
import { bucketName } from '../../data/clients.js';
import { writeRegisterJobs } from '../../data/register-ingestion.js';
import { getUpload, markStored, type UploadRecord } from '../../data/uploads.js';
import { storeValidatedFile } from '../../data/validated-file.js';
import type { AuthenticatedCaller } from '../../http/caller.js';
import { ConflictError } from '../../http/errors.js';
import { authorisePayrollAuthority } from '../common/payroll-authority.js';
import { refusal } from './readiness.js';
import { storagePath } from './upload-request.js';

const answer = (upload: UploadRecord, bucket: string, path: string): SubmitUploadResponse => ({
  submission_id: null,
  bucket,
  path,
  file_name: upload.file_name,
  message: SUBMISSION_MESSAGES.registerSubmitted(upload.parsed_rows ?? 0),
  late: false,
});

/**
 * Submit of a payroll register. A register is PMEC's own record of who is employed, not a lender's claim:
 * it goes through no review and no submission window. Refused while it has errors; otherwise the bytes
 * validated are stored at `{month}/pmec/register/…`, its ingestion jobs are written (the register becomes
 * current once every employee is stored, replacing the previous one whole) and the upload is marked
 * submitted. Pressing Submit again answers the same and writes the same jobs.
 */
export async function submitRegister(me: AuthenticatedCaller, upload: UploadRecord): Promise<SubmitUploadResponse> {
  await authorisePayrollAuthority(me, 'register.submit');
  if (upload.status === 'submitted' && upload.stored_key) return answer(upload, upload.stored_bucket ?? '', upload.stored_key);
  const refused = refusal(upload);
  if (refused) throw new ConflictError(refused, upload.status === 'validated' ? 'has_errors' : 'not_ready');

  const path = storagePath(upload);
  const stored = await storeValidatedFile(upload, path);
  if (stored === 'missing') throw new ConflictError(SUBMISSION_MESSAGES.fileMissing, 'file_missing');
  if (stored === 'changed') throw new ConflictError(SUBMISSION_MESSAGES.fileChanged, 'file_changed');
  const bucket = bucketName('uploads');
  await writeRegisterJobs({ upload_id: upload.id, month: upload.month, employees: upload.parsed_rows ?? 0, uploaded_by: me.email, uploaded_at: new Date().toISOString() });
  if (await markStored(upload.id, bucket, path)) {
    await writeAudit({ actor: me, org_id: upload.org_id, action: 'register.submit', subject: `UPLOAD#${upload.id}`, outcome: 'ok', details: { key: path, employees: upload.parsed_rows ?? 0 } });
    return answer(upload, bucket, path);
  }
  const again = await getUpload(upload.id);
  if (again?.stored_key) return answer(again, again.stored_bucket ?? bucket, again.stored_key);
  throw new ConflictError(SUBMISSION_MESSAGES.stillValidating, 'not_ready');
}
