import type { UploadRecord } from '#data/uploads/upload.js';
import { SUBMISSION_MESSAGES } from '#shared/api/submissions.js';

/** Why this validated spreadsheet cannot be submitted yet (still validating, failed, has errors), or nothing when it can. */
export function refusal(upload: UploadRecord): string | null {
  if (upload.status === 'awaiting_file' || upload.status === 'validating') return SUBMISSION_MESSAGES.stillValidating;
  if (upload.status === 'failed') return upload.errors?.[0]?.message ?? SUBMISSION_MESSAGES.submitBlocked(1);
  const errors = upload.totals?.errors ?? upload.errors?.length ?? 0;
  return errors > 0 ? SUBMISSION_MESSAGES.submitBlocked(errors) : null;
}
