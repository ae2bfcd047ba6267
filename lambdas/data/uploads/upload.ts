import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { type Condition, conditionOf, conditionsOf, updateOf } from '#adapters/dynamo/expressions.js';
import { isConditionFailure } from '#adapters/dynamo/toolkit.js';
import { lenderTotalsSchema } from '#shared/api/reconciliation.js';
import { type UploadStage, uploadResponseSchema } from '#shared/api/submissions.js';

/**
 * Upload records in the submissions table: pk=UPLOAD#{id} sk=META (access pattern "upload by id").
 * The browser posts the file to `incoming/{id}/{slug}` in the uploads bucket (objects.ts); validation
 * writes the large parts (every issue, the canonical rows, the CSV report) under `results/{id}/`
 * (results.ts), since an item holds at most 400 KB. Status: awaiting_file → validating → validated |
 * failed → submitted.
 */
/** What the API shows of an upload, field by field: the record declares those fields through it, never again. */
const shown = uploadResponseSchema.shape;
export const uploadSchema = uploadResponseSchema
  .pick({ id: true, status: true, stage: true, doc_kind: true, month: true, payee_key: true, file_name: true, created_at: true })
  .extend({
    /** Filled in by validation: absent until then (the API shows them as empty). */
    headers: shown.headers.optional(),
    row_count: shown.row_count.optional(),
    preview: shown.preview.optional(),
    errors: shown.errors.optional(),
    warnings: shown.warnings.optional(),
    fraud: shown.fraud.optional(),
    totals: shown.totals.optional(),
    /** The deduction signals' counts and baseline (the lists are under results/{id}/). */
    signal_counts: shown.signal_counts.unwrap().optional(),
    signal_baseline: shown.signal_baseline.unwrap().optional(),
    submission_id: shown.submission_id.unwrap().optional(),
    /** A register's difference from the register current when it was validated. */
    register_difference: shown.register_difference.unwrap().optional(),
    // The record's own fields, which the API does not show.
    org_id: z.string().nullable().default(null),
    org_name: z.string().nullable().default(null),
    user_id: z.string(),
    user_email: z.string(),
    slug: z.string(),
    size: z.number(),
    content_type: z.string(),
    key: z.string(),
    updated_at: z.string(),
    /** The ETag of the object the stored result describes (quotes removed). */
    etag: z.string().optional(),
    /** The SHA-256 (base64) and size of the very bytes validation read: Submit stores only those. */
    sha256: z.string().optional(),
    object_size: z.number().optional(),
    /** Rows meeting the minimal field requirements (what ingestion receives). */
    parsed_rows: z.number().optional(),
    /** The preview's keys in column order: DynamoDB keeps no order of a map's keys. */
    preview_columns: z.array(z.string()).optional(),
    validated_at: z.string().optional(),
    stored_bucket: z.string().optional(),
    stored_key: z.string().optional(),
    /** An applied deductions file: the schedule version it answers, named by its uploader. */
    schedule_version: z.number().optional(),
    /** An applied deductions file in parts: the payee keys it covers (normalised, sorted); absent for the whole month. */
    part_payee_keys: z.array(z.string()).optional(),
    /** An applied deductions file's reconciliation with that version, every lender's totals (the lines are under results/{id}/). */
    reconciliation: z.object({ schedule_version: z.number(), by_lender: z.array(lenderTotalsSchema) }).optional(),
  });
export type UploadRecord = z.output<typeof uploadSchema>;

export const uploadKey = (id: string) => ({ pk: `UPLOAD#${id}`, sk: 'META' });
const uploadCodec = defineCodec('upload', uploadSchema, (u) => uploadKey(u.id));
/** The conditions on an upload's fields. */
const when = conditionsOf<UploadRecord>();

export async function putUpload(record: UploadRecord): Promise<void> {
  await dynamo.send(new PutCommand({ TableName: tableName('submissions'), Item: uploadCodec.build(record), ...conditionOf(when.missing('pk')) }));
}

export async function getUpload(id: string): Promise<UploadRecord | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('submissions'), Key: uploadKey(id), ConsistentRead: true }));
  return uploadCodec.parse(out.Item);
}

/** One conditional update of an existing upload; false when its condition does not hold (someone else got there first). */
async function conditionalUpdate(id: string, set: Partial<UploadRecord>, condition: Condition<UploadRecord>): Promise<boolean> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('submissions'),
        Key: uploadKey(id),
        ...updateOf({ ...set, updated_at: new Date().toISOString() }, when.and(when.exists('pk'), condition)),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Takes the upload into validation for the object with this ETag: only the first object its link took.
 * Once validation began, a second object posted with the same link (valid for 15 minutes) is refused
 * (false), so what was validated is what Submit stores; the same object's event delivered again may
 * take up its run where it stopped.
 */
export function claimValidation(id: string, etag: string, stage: UploadStage): Promise<boolean> {
  return conditionalUpdate(
    id,
    { status: 'validating', stage, etag },
    when.or(when.is('status', 'awaiting_file'), when.and(when.is('status', 'validating'), when.is('etag', etag))),
  );
}

/** Moves a validation in progress on; false when it is no longer this object's validation. */
export function updateValidation(id: string, etag: string, set: Partial<UploadRecord>): Promise<boolean> {
  return conditionalUpdate(id, set, when.and(when.is('status', 'validating'), when.is('etag', etag)));
}

/** Onboarding documents are not validated: their arrival makes them ready to submit. */
export function markArrived(id: string, etag: string, stage: UploadStage): Promise<boolean> {
  return conditionalUpdate(id, { status: 'validated', stage, etag, row_count: 0 }, when.is('status', 'awaiting_file'));
}

/** Records where an onboarding document or a payroll register was stored; false when it already was. */
export function markStored(id: string, bucket: string, key: string): Promise<boolean> {
  return conditionalUpdate(
    id,
    { status: 'submitted', stored_bucket: bucket, stored_key: key },
    when.and(when.isIn('status', ['awaiting_file', 'validated']), when.missing('stored_key')),
  );
}
