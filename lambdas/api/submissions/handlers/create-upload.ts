import { randomUUID } from 'node:crypto';
import { getMonthReconciliation } from '#data/payroll/reconciliation.js';
import { consumeRateLimit, windowEndsAt } from '#data/rate-limits/windows.js';
import { readSettings } from '#data/settings/settings.js';
import { incomingKey, presignUpload } from '#data/uploads/objects.js';
import { putUpload, type UploadRecord } from '#data/uploads/upload.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { TooManyRequestsError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { SUBMISSION_MESSAGES, UPLOAD_STAGES } from '#shared/api/submissions.js';
import * as routes from '#shared/routes/submissions.js';
import { authorisePayrollAuthority } from '../../common/payroll-authority.js';
import { authorisePayeeKey } from '../access.js';
import { partKeysOf, placeOrRefuse } from '../applied-parts.js';
import { checkScheduleVersion } from '../applied-submit.js';
import { checkUploadRequest } from '../upload-request.js';

/**
 * POST /api/uploads: checks the form, checks that the caller may submit for the payee key (or, for the
 * payroll register, that they are a PMEC admin of the payroll authority), counts a deduction file against its
 * organisation's validations of the day, records
 * the upload and answers a presigned POST into `incoming/{id}/{slug}`, limited to the declared size and type.
 * Its arrival in S3 starts validation (lambdas/events/validate-upload.ts).
 */
const DAY_SECONDS = 86_400;

/**
 * A deduction file's validation is a lookup of every NRC it names: an organisation sends at most the
 * `validations.per_day` setting's files a day (UTC), counted as each upload is created (one atomic ADD, so
 * concurrent requests count together); beyond it 429 naming when the next may be sent. A caller of no
 * organisation (a platform admin's key no organisation holds) is counted on their own.
 */
async function countValidation(me: AuthenticatedCaller, orgId: string | null): Promise<void> {
  const { per_day } = (await readSettings()).validations;
  const scope = orgId ? `validations:org:${orgId}` : `validations:user:${me.userId}`;
  const now = Date.now();
  if (!(await consumeRateLimit({ scope, limit: per_day, windowSeconds: DAY_SECONDS }, now))) {
    throw new TooManyRequestsError(SUBMISSION_MESSAGES.validationLimit(per_day, windowEndsAt(DAY_SECONDS, now)));
  }
}

export const handler = createApiHandler(routes.createUpload, async ({ caller: me, body }) => {
  const request = checkUploadRequest(body);
  const org =
    request.kind === 'register' || request.kind === 'applied'
      ? await authorisePayrollAuthority(me, 'upload.create')
      : request.payeeKey
        ? await authorisePayeeKey(me, request.payeeKey, 'upload.create')
        : { orgId: null, orgName: null };
  if (request.kind === 'inputs' || request.kind === 'stoppages') await countValidation(me, org.orgId);
  const partKeys = request.kind === 'applied' ? partKeysOf(body.part_payee_keys) : null;
  if (request.kind === 'applied') {
    const recorded = await getMonthReconciliation(request.month);
    const version = await checkScheduleVersion(request.month, body.schedule_version, recorded, partKeys !== null);
    // A part that could never be recorded is refused before its bytes travel; Submit checks again.
    placeOrRefuse(request.month, recorded, partKeys, version);
  }

  const id = randomUUID();
  const now = new Date().toISOString();
  const record: UploadRecord = {
    id,
    status: 'awaiting_file',
    stage: UPLOAD_STAGES.awaitingFile,
    doc_kind: request.kind,
    month: request.month,
    payee_key: request.payeeKey,
    org_id: org.orgId,
    org_name: org.orgName,
    user_id: me.userId,
    user_email: me.email,
    file_name: request.fileName,
    slug: request.slug,
    size: request.size,
    content_type: request.contentType,
    key: incomingKey(id, request.slug),
    created_at: now,
    updated_at: now,
    ...(request.kind === 'applied' ? { schedule_version: body.schedule_version } : {}),
    ...(partKeys ? { part_payee_keys: partKeys } : {}),
  };
  await putUpload(record);
  // The link takes no more than the size declared (within the kind's limit, checked above).
  const upload = await presignUpload(record.key, request.contentType, request.size);
  return { id, max_bytes: request.maxBytes, upload };
});
