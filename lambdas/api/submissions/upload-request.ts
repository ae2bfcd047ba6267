import type { z } from 'zod';
import { BadRequestError, PayloadTooLargeError } from '#http/errors.js';
import { type createUploadRequestSchema, type DocKind, FILE_RULES, storedContentType, SUBMISSION_MESSAGES } from '#shared/api/submissions.js';
import { BEFORE_ACTION_MESSAGES } from '#shared/rules/before-actions.js';
import { currentMonth, isMonth } from '#shared/rules/dates.js';
import { displayFileName } from '#shared/rules/display-name.js';
import { isValidPayeeKey, normalisePayeeKey } from '#shared/rules/payee-key.js';
import { slugFileName } from '../common/file-names.js';

export interface CheckedUpload {
  kind: DocKind;
  month: string;
  /** Normalised; '' for onboarding, always '' for the payroll register and the applied deductions file (PMEC's own, no payee key). */
  payeeKey: string;
  /** As people see it: bidi and control characters removed (shared/rules/display-name.ts). */
  fileName: string;
  slug: string;
  /** What the file is stored as: decided by its extension, never by what the browser guessed. */
  contentType: string;
  size: number;
  maxBytes: number;
}

/** The checks of POST /api/uploads that need no database, with messages a person can act on. */
export function checkUploadRequest(body: z.output<typeof createUploadRequestSchema>, now = new Date()): CheckedUpload {
  const kind = body.doc_kind;
  if (!isMonth(body.month)) throw new BadRequestError(BEFORE_ACTION_MESSAGES.monthFormat, 'invalid_month');
  if (body.month > currentMonth(now)) throw new BadRequestError(SUBMISSION_MESSAGES.monthInFuture, 'invalid_month');

  const payrollOwn = kind === 'register' || kind === 'applied';
  const payeeKey = payrollOwn ? '' : normalisePayeeKey(body.payee_key);
  if (payeeKey === '' && kind !== 'onboarding' && !payrollOwn) throw new BadRequestError(BEFORE_ACTION_MESSAGES.payeeKeyRequired, 'payee_key_required');
  if (payeeKey !== '' && !isValidPayeeKey(payeeKey)) throw new BadRequestError(SUBMISSION_MESSAGES.payeeKeyInvalid, 'invalid_payee_key');

  const contentType = storedContentType(kind, body.file_name);
  if (!contentType) {
    throw new BadRequestError(kind === 'onboarding' ? SUBMISSION_MESSAGES.onboardingTypes : SUBMISSION_MESSAGES.xlsxOnly, 'file_type_not_allowed');
  }
  const { maxBytes } = FILE_RULES[kind];
  if (body.size < 1) throw new BadRequestError(SUBMISSION_MESSAGES.fileEmpty, 'file_empty');
  if (body.size > maxBytes) throw new PayloadTooLargeError(SUBMISSION_MESSAGES.tooLarge(kind));

  return {
    kind,
    month: body.month,
    payeeKey,
    fileName: displayFileName(body.file_name),
    slug: slugFileName(body.file_name),
    contentType,
    size: body.size,
    maxBytes,
  };
}

/** A stamp for storage paths: 20260305-101500 (UTC), readable and sortable. */
export function pathStamp(iso: string): string {
  return iso.slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
}

/**
 * Spec part 2 §9: `{month}/{payeeKey}/{docKind}/…` (a register or an applied deductions file, without a payee key: `{month}/pmec/{docKind}/…`). The name is made unique and fixed by the upload
 * (its time and id), so two files of the same name never overwrite each other and a retry writes the same key.
 */
export function storagePath(upload: { month: string; payee_key: string; doc_kind: DocKind; created_at: string; id: string; slug: string }): string {
  const payee = upload.doc_kind === 'register' || upload.doc_kind === 'applied' ? 'pmec' : upload.payee_key || 'no-payee-key';
  return `${upload.month}/${payee}/${upload.doc_kind}/${pathStamp(upload.created_at)}-${upload.id.slice(0, 8)}-${upload.slug}`;
}
