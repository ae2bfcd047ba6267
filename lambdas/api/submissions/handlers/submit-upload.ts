import { bucketName } from '#adapters/aws-clients.js';
import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { readSettings } from '#data/settings/settings.js';
import { copyToStorage, createSubmission, ensureIngestJob, getSubmission, type SubmissionRecord } from '#data/submissions/submissions.js';
import { headUploadObject } from '#data/uploads/objects.js';
import { getUpload, markStored, type UploadRecord } from '#data/uploads/upload.js';
import { storeValidatedFile } from '#data/uploads/validated-file.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { ConflictError, ForbiddenError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { SUBMISSION_MESSAGES, type SubmitUploadResponse } from '#shared/api/submissions.js';
import { isPlatformAdmin } from '#shared/roles.js';
import * as routes from '#shared/routes/submissions.js';
import { isLate, windowNotice } from '#shared/rules/submission-window.js';
import { authorisePayeeKey, type PayeeOrganisation } from '../access.js';
import { submitApplied } from '../applied-submit.js';
import { uploadOr404 } from '../load.js';
import { refusal } from '../readiness.js';
import { submitRegister } from '../register-submit.js';
import { storagePath } from '../upload-request.js';

function submitted(submission: SubmissionRecord): SubmitUploadResponse {
  return {
    submission_id: submission.id,
    bucket: submission.bucket,
    path: submission.file_key,
    file_name: submission.file_name,
    message: SUBMISSION_MESSAGES.submitComplete,
    late: submission.late === true,
  };
}

/** A repeated Submit answers the submission the first one made (and restarts its ingestion if that never began). */
async function existingSubmission(id: string): Promise<SubmitUploadResponse | null> {
  const submission = await getSubmission(id);
  if (!submission) return null;
  if (submission.ingestion_status === 'pending') await ensureIngestJob(submission.id);
  return submitted(submission);
}

/**
 * Inputs and stoppages: refused while errors exist (warnings and fraud flags never block); otherwise the
 * file validated (byte for byte, or 409 file_changed) is stored at `{month}/{payeeKey}/{docKind}/…`, the submission is created as pending with the upload's
 * id (so Submit happens once however often it is pressed) and its ingestion job is written. After the
 * month's window closed it is marked late, or refused (409 window_closed) when the window is blocking.
 */
async function submitSpreadsheet(me: AuthenticatedCaller, upload: UploadRecord, org: PayeeOrganisation): Promise<SubmitUploadResponse> {
  if (upload.submission_id) {
    const existing = await existingSubmission(upload.submission_id);
    if (existing) return existing;
  }
  const refused = refusal(upload);
  if (refused) throw new ConflictError(refused, upload.status === 'validated' ? 'has_errors' : 'not_ready');
  const now = new Date();
  const { window } = await readSettings();
  const late = isLate(upload.month, window, now);
  // A blocking window refuses before anything is copied or written.
  if (late && window.blocking) throw new ConflictError(windowNotice(upload.month, window, now)!, 'window_closed');

  // Exactly the bytes validated are stored, never a file posted since with the same link.
  const path = storagePath(upload);
  const stored = await storeValidatedFile(upload, path);
  if (stored === 'missing') throw new ConflictError(SUBMISSION_MESSAGES.fileMissing, 'file_missing');
  if (stored === 'changed') throw new ConflictError(SUBMISSION_MESSAGES.fileChanged, 'file_changed');
  const record: SubmissionRecord = {
    id: upload.id,
    created_at: now.toISOString(),
    status: 'pending',
    doc_kind: upload.doc_kind === 'stoppages' ? 'stoppages' : 'inputs',
    payee_key: upload.payee_key,
    upload_month: upload.month,
    bucket: bucketName('uploads'),
    file_kind: 'xlsx',
    file_key: path,
    file_name: upload.file_name,
    row_count: upload.row_count ?? 0,
    parsed_rows: upload.parsed_rows ?? 0,
    org_id: upload.org_id ?? org.orgId,
    org_name: upload.org_name ?? org.orgName,
    upload_id: upload.id,
    submitted_by: me.userId,
    submitted_by_email: me.email,
    ingestion_status: 'pending',
    late,
    ...(upload.signal_counts ? { signal_counts: upload.signal_counts, signal_baseline: upload.signal_baseline } : {}),
  };
  if (!(await createSubmission(record))) {
    // Another Submit got there first, or the file is being validated again.
    const existing = await existingSubmission(upload.id);
    if (existing) return existing;
    throw new ConflictError(SUBMISSION_MESSAGES.stillValidating, 'not_ready');
  }
  await writeAudit({
    actor: me,
    org_id: record.org_id,
    action: 'submission.create',
    subject: auditSubject.submission(record.id),
    outcome: 'ok',
    details: { file_key: path, late },
  });
  await ensureIngestJob(record.id);
  return submitted(record);
}

/** Onboarding evidence skips validation: it is copied to the onboarding bucket under `{month}/{payeeKey}/onboarding/…`. */
async function storeOnboarding(me: AuthenticatedCaller, upload: UploadRecord): Promise<SubmitUploadResponse> {
  const stored = (u: UploadRecord): SubmitUploadResponse => ({
    submission_id: null,
    bucket: u.stored_bucket ?? '',
    path: u.stored_key ?? '',
    file_name: u.file_name,
    message: SUBMISSION_MESSAGES.onboardingUploaded,
    late: false,
  });
  if (upload.stored_key) return stored(upload);
  if (!(await headUploadObject(upload.key))) throw new ConflictError(SUBMISSION_MESSAGES.fileMissing, 'file_missing');

  const path = storagePath(upload);
  const bucket = await copyToStorage(upload.key, { bucket: 'onboarding', key: path, contentType: upload.content_type });
  if (await markStored(upload.id, bucket, path)) {
    await writeAudit({
      actor: me,
      org_id: upload.org_id,
      action: 'onboarding.store',
      subject: auditSubject.upload(upload.id),
      outcome: 'ok',
      details: { bucket, key: path },
    });
    return stored({ ...upload, stored_bucket: bucket, stored_key: path });
  }
  const again = await getUpload(upload.id);
  if (again?.stored_key) return stored(again);
  throw new ConflictError(SUBMISSION_MESSAGES.fileMissing, 'file_missing');
}

/**
 * POST /api/uploads/{id}/submit: the same authorisation as POST /api/uploads (spec part 1 §6), checked
 * again now, since a membership may have been removed since the upload began.
 */
export const handler = createApiHandler(routes.submitUpload, async ({ caller: me, params }) => {
  const upload = await uploadOr404(params.id);
  if (upload.doc_kind === 'register') return submitRegister(me, upload);
  if (upload.doc_kind === 'applied') return submitApplied(me, upload);

  if (upload.payee_key) {
    const org = await authorisePayeeKey(me, upload.payee_key, 'submission.create');
    if (upload.doc_kind !== 'onboarding') return submitSpreadsheet(me, upload, org);
  } else if (upload.user_id !== me.userId && !isPlatformAdmin(me.roles)) {
    throw new ForbiddenError('This upload belongs to someone else.');
  }
  return storeOnboarding(me, upload);
});
