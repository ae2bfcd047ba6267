import { CopyObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { bucketName, dynamo, s3, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionOf, conditionsOf, updateOf } from '#adapters/dynamo/expressions.js';
import { isConditionFailure, retrying } from '#adapters/dynamo/toolkit.js';
import { signalBaselineSchema, signalCountsSchema } from '#shared/api/signals.js';
import { type IngestionCounts, ingestionCountsSchema, submissionFieldsSchema } from '#shared/api/submissions.js';
import type { SubmissionKind } from '#shared/rules/submission-rules.js';
import { uploadKey, type UploadRecord } from '../uploads/upload.js';
import { counterScopes, counterUpdates } from './counters.js';

/**
 * Submissions in the submissions table, one per submitted upload, with the upload's id as their own:
 * - by id: pk=SUB#{id} sk=META
 * - review queue newest first: gsi1pk=STATUS#{status} gsi1sk={created_at}
 * - an organisation's submissions newest first: gsi2pk=ORG#{org_id} gsi2sk={created_at} (absent without an organisation)
 * - a payee key's month of one kind, newest first: gsi3pk=PAYEE#{payee_key}#{kind}#{YYYY-MM} gsi3sk={created_at}
 *   (lambdas/data/submissions/payee-months.ts: what the deduction signals compare a file with)
 * Ingestion is started by an object `ingest/{id}.json` in the uploads bucket (its S3 event runs it).
 */
const submissionSchema = submissionFieldsSchema.extend({
  org_id: submissionFieldsSchema.shape.org_id.default(null),
  org_name: submissionFieldsSchema.shape.org_name.default(null),
  parsed_rows: z.number(),
  upload_id: z.string(),
  submitted_by: z.string(),
  submitted_by_email: z.string(),
  ingestion_status: z.enum(['pending', 'done', 'failed']),
  ingestion_message: z.string().optional(),
  counts: ingestionCountsSchema.optional(),
  ingested_at: z.string().optional(),
  /** The deduction signals of the upload it came from (the lists stay under the upload's results/); absent before them. */
  signal_counts: signalCountsSchema.optional(),
  signal_baseline: signalBaselineSchema.optional(),
  /** Submitted after its month's window closed: accepted and marked. */
  late: z.boolean().optional(),
  // The review (lambdas/data/submissions/reviews.ts): who decided, assigned and completed it, and when.
  decision_reason: z.string().optional(),
  decision_note: z.string().optional(),
  reviewed_by: z.string().optional(),
  reviewed_by_email: z.string().optional(),
  reviewed_at: z.string().optional(),
  assigned_to: z.string().optional(),
  assigned_to_email: z.string().optional(),
  assigned_at: z.string().optional(),
  assigned_by_email: z.string().optional(),
  completed_by: z.string().optional(),
  completed_by_email: z.string().optional(),
  completed_at: z.string().optional(),
});
export type SubmissionRecord = z.output<typeof submissionSchema>;

export const submissionKey = (id: string) => ({ pk: `SUB#${id}`, sk: 'META' });
export const payeeMonthKey = (payeeKey: string, kind: SubmissionKind, month: string) => `PAYEE#${payeeKey}#${kind}#${month}`;
export const submissionCodec = defineCodec('submission', submissionSchema, (r) => ({
  ...submissionKey(r.id),
  gsi1pk: `STATUS#${r.status}`,
  gsi1sk: r.created_at,
  ...(r.org_id ? { gsi2pk: `ORG#${r.org_id}`, gsi2sk: r.created_at } : {}),
  gsi3pk: payeeMonthKey(r.payee_key, r.doc_kind, r.upload_month),
  gsi3sk: r.created_at,
}));
/** The conditions on a submission's item. */
export const whenSubmission = conditionsOf<SubmissionRecord>();
const whenUpload = conditionsOf<UploadRecord>();
export const INGEST_PREFIX = 'ingest/';
export const ingestJobKey = (id: string) => `${INGEST_PREFIX}${id}.json`;

export async function getSubmission(id: string): Promise<SubmissionRecord | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('submissions'), Key: submissionKey(id), ConsistentRead: true }));
  return submissionCodec.parse(out.Item);
}

/**
 * Creates the submission, marks its upload submitted and counts it on the dashboard, all or nothing.
 * Returns false when the upload was already submitted (a repeated or concurrent Submit).
 */
export async function createSubmission(record: SubmissionRecord): Promise<boolean> {
  const table = tableName('submissions');
  try {
    // The counters are hot items: a transaction that races another submission's is tried again.
    await retrying(() =>
      dynamo.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: table, Item: submissionCodec.build(record), ...conditionOf(whenSubmission.missing('pk')) } },
            {
              Update: {
                TableName: table,
                Key: uploadKey(record.upload_id),
                ...updateOf(
                  { status: 'submitted', submission_id: record.id, stored_bucket: record.bucket, stored_key: record.file_key, updated_at: record.created_at },
                  whenUpload.and(whenUpload.is('status', 'validated'), whenUpload.missing('submission_id')),
                ),
              },
            },
            ...counterUpdates(counterScopes(record.org_id), record.created_at, { submissions: 1, late_submissions: record.late ? 1 : 0 }),
          ],
        }),
      ),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The dashboard field a submission's ingested rows count in, and how many (inserted and updated). */
export function countedRows(record: Pick<SubmissionRecord, 'doc_kind'>, counts: IngestionCounts): { field: 'inputs_rows' | 'stoppages_rows'; rows: number } {
  return { field: record.doc_kind === 'inputs' ? 'inputs_rows' : 'stoppages_rows', rows: counts.inserted + counts.updated };
}

/**
 * Records the ingestion counts once and adds the ingested rows to the dashboard counters in the same
 * transaction; false when counts were already recorded (a re-delivered event). A rejected file's rows
 * count nowhere, as in borrower history: once rejected, the counts are recorded without the counters
 * (a rejection after ingestion takes them back off: lambdas/data/submissions/reviews.ts).
 */
export async function finishIngestion(record: SubmissionRecord, counts: IngestionCounts, message: string): Promise<boolean> {
  const { field, rows } = countedRows(record, counts);
  const write = (counted: boolean) =>
    // The counters are hot items: a transaction that races another submission's is tried again.
    retrying(() =>
      dynamo.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName('submissions'),
                Key: submissionKey(record.id),
                ...updateOf(
                  { counts, ingestion_status: 'done', ingestion_message: message, ingested_at: new Date().toISOString() },
                  whenSubmission.and(
                    whenSubmission.exists('pk'),
                    whenSubmission.missing('counts'),
                    counted ? whenSubmission.isNot('status', 'rejected') : whenSubmission.is('status', 'rejected'),
                  ),
                ),
              },
            },
            ...(counted ? counterUpdates(counterScopes(record.org_id), record.created_at, { [field]: rows }) : []),
          ],
        }),
      ),
    );
  for (const counted of [true, false]) {
    try {
      await write(counted);
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return false;
}

/** An ingestion that cannot succeed by retrying (its rows are gone): said once, never over counts. */
export async function failIngestion(id: string, message: string): Promise<void> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('submissions'),
        Key: submissionKey(id),
        ...updateOf(
          { ingestion_status: 'failed', ingestion_message: message },
          whenSubmission.and(whenSubmission.exists('pk'), whenSubmission.missing('counts')),
        ),
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

const copySource = (bucket: string, key: string) => `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;

/** Copies an uploaded object to its storage path (the same key every time, so a retry overwrites it with itself). */
export async function copyToStorage(fromKey: string, to: { bucket: 'uploads' | 'onboarding'; key: string; contentType: string }): Promise<string> {
  const bucket = bucketName(to.bucket);
  await s3.send(
    new CopyObjectCommand({
      Bucket: bucket,
      Key: to.key,
      CopySource: copySource(bucketName('uploads'), fromKey),
      ContentType: to.contentType,
      MetadataDirective: 'REPLACE',
    }),
  );
  return bucket;
}

/** Starts ingestion unless its job is already there (its S3 event runs ingest-submission). */
export async function ensureIngestJob(id: string): Promise<void> {
  const Bucket = bucketName('uploads');
  try {
    await s3.send(new HeadObjectCommand({ Bucket, Key: ingestJobKey(id) }));
    return;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== 404) throw error;
  }
  await s3.send(new PutObjectCommand({ Bucket, Key: ingestJobKey(id), Body: JSON.stringify({ submission_id: id }), ContentType: 'application/json' }));
}
