import { bucketName } from '#adapters/aws-clients.js';
import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { propose } from '#data/register/proposals.js';
import { currentRegister } from '#data/register/versions.js';
import { getUpload, markStored, type UploadRecord } from '#data/uploads/upload.js';
import { storeValidatedFile } from '#data/uploads/validated-file.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { ConflictError } from '#http/errors.js';
import { PROPOSAL_DAYS, REGISTER_MESSAGES } from '#shared/api/register.js';
import { SUBMISSION_MESSAGES, type SubmitUploadResponse } from '#shared/api/submissions.js';
import { authorisePayrollAuthority } from '../common/payroll-authority.js';
import { refusal } from './readiness.js';
import { storagePath } from './upload-request.js';

const DAY_MS = 86_400_000;

const answer = (upload: UploadRecord, bucket: string, path: string): SubmitUploadResponse => ({
  submission_id: null,
  bucket,
  path,
  file_name: upload.file_name,
  message: REGISTER_MESSAGES.proposed(upload.parsed_rows ?? 0),
  late: false,
  status: 'proposed',
});

/**
 * Submit of a payroll register proposes it: refused while it has errors, or when the register it was
 * compared with is no longer current (its difference would be out of date); otherwise the bytes validated
 * are stored at `{month}/pmec/register/…` and the proposal opened, one at a time (409 while another is
 * open), for a second admin of the payroll authority to decide within PROPOSAL_DAYS days
 * (lambdas/api/register/handlers/decide-register-proposal.ts). Nothing becomes current here. Pressing
 * Submit again answers the same.
 */
export async function submitRegister(me: AuthenticatedCaller, upload: UploadRecord): Promise<SubmitUploadResponse> {
  await authorisePayrollAuthority(me, 'register.submit');
  if (upload.status === 'submitted' && upload.stored_key) return answer(upload, upload.stored_bucket ?? '', upload.stored_key);
  const refused = refusal(upload);
  if (refused) throw new ConflictError(refused, upload.status === 'validated' ? 'has_errors' : 'not_ready');
  const difference = upload.register_difference;
  const current = await currentRegister();
  if (!difference || difference.base_version !== (current?.version ?? null)) throw new ConflictError(REGISTER_MESSAGES.baseChanged, 'register_changed');

  const path = storagePath(upload);
  const stored = await storeValidatedFile(upload, path);
  if (stored === 'missing') throw new ConflictError(SUBMISSION_MESSAGES.fileMissing, 'file_missing');
  if (stored === 'changed') throw new ConflictError(SUBMISSION_MESSAGES.fileChanged, 'file_changed');
  const now = new Date();
  const proposal = {
    upload_id: upload.id,
    month: upload.month,
    employees: upload.parsed_rows ?? 0,
    proposed_by: me.email,
    proposed_by_id: me.userId,
    proposed_at: now.toISOString(),
    expires_at: new Date(now.getTime() + PROPOSAL_DAYS * DAY_MS).toISOString(),
    difference,
  };
  if (!(await propose(proposal, now))) {
    await writeAudit({
      actor: me,
      org_id: upload.org_id,
      action: 'register.propose',
      subject: auditSubject.upload(upload.id),
      outcome: 'refused',
      details: { reason: 'proposal_open' },
    });
    throw new ConflictError(REGISTER_MESSAGES.proposalOpen, 'proposal_open');
  }
  const bucket = bucketName('uploads');
  if (await markStored(upload.id, bucket, path)) {
    const { added, removed, changed, mobile_changed } = difference;
    const details = { key: path, employees: proposal.employees, added, removed, changed, mobile_changed };
    await writeAudit({ actor: me, org_id: upload.org_id, action: 'register.propose', subject: auditSubject.upload(upload.id), outcome: 'ok', details });
    return answer(upload, bucket, path);
  }
  const again = await getUpload(upload.id);
  if (again?.stored_key) return answer(again, again.stored_bucket ?? bucket, again.stored_key);
  throw new ConflictError(SUBMISSION_MESSAGES.stillValidating, 'not_ready');
}
