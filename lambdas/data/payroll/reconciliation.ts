import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { z } from 'zod';
import { bucketName, dynamo, s3, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionOf, conditionsOf } from '#adapters/dynamo/expressions.js';
import { batchGetAll, isConditionFailure } from '#adapters/dynamo/toolkit.js';
import { isNotFound, objectExists } from '#adapters/s3-objects.js';
import { lenderTotalsSchema, type LenderTotals } from '#shared/api/reconciliation.js';
import type { LenderReconciliation, ReconciliationLine } from '#shared/rules/reconciliation.js';
import { lenderCsv } from './reconciliation-files.js';

/**
 * A month's reconciliation: the schedule joined with the applied deductions file when that file is validated,
 * one result file per lender beside the upload's other results, and one item when it is submitted.
 * - lines:   `results/{upload}/reconciliation/{payee key}.jsonl` (one ReconciliationLine a line, by employee number)
 *            in the uploads bucket, and `.csv` beside it (what people download), made on its first download;
 * - month:   submissions table pk=RECONCILIATION#{month} sk=APPLIED, written once by Submit (conditional Put): the upload
 *            it came from, the schedule version it answers and every lender's totals (a few hundred bytes a lender);
 *            replaced only by an approved replacement (./applied-proposals.ts), which keeps the files before in `replaced`;
 *            a month answered in parts is written again as each part comes (`parts`, shared/rules/applied-parts.ts).
 * Access patterns: "the month's reconciliation" GetItem; "the last 12 months" BatchGetItem; "a lender's lines" GetObject of its file.
 */
export const reconciliationKeys = (uploadId: string, payeeKey: string) => ({
  lines: `results/${uploadId}/reconciliation/${payeeKey}.jsonl`,
  csv: `results/${uploadId}/reconciliation/${payeeKey}.csv`,
});
const JSONL = 'application/x-ndjson';
const CSV = 'text/csv; charset=utf-8';

/**
 * Writes one lender's lines (its JSONL's bytes, as the join's jsonlSink wrote them) and answers its totals. One lender's
 * bytes at a time. The CSV people download is made from these lines on its first download (lenderCsvLink), not here:
 * most lenders' CSVs are never asked for.
 */
export async function putLenderReconciliation(uploadId: string, result: LenderReconciliation<Uint8Array>, orgName: string | null): Promise<LenderTotals> {
  const Body = result.lines;
  await s3.send(new PutObjectCommand({ Bucket: bucketName('uploads'), Key: reconciliationKeys(uploadId, result.payee_key).lines, Body, ContentType: JSONL }));
  const { payee_key, expected_total, applied_total, counts } = result;
  return { payee_key, org_name: orgName, expected_total, applied_total, counts, lines: result.line_count };
}

/** A lender's lines, or null when its file is gone. */
export async function readLenderLines(uploadId: string, payeeKey: string): Promise<ReconciliationLine[] | null> {
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: reconciliationKeys(uploadId, payeeKey).lines }));
    const text = await out.Body!.transformToString();
    return text ? text.split('\n').map((line) => JSON.parse(line) as ReconciliationLine) : [];
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

const LINK_SECONDS = 60;

/**
 * Makes a lender's CSV (from its lines, read whole) the first time a page of its lines is shown, and keeps it beside the
 * JSONL; later calls find it (a HEAD). Two first pages at once write the same text twice.
 */
export async function ensureLenderCsv(uploadId: string, payeeKey: string): Promise<void> {
  const Key = reconciliationKeys(uploadId, payeeKey).csv;
  if (await objectExists('uploads', Key)) return;
  const lines = await readLenderLines(uploadId, payeeKey);
  if (lines) await s3.send(new PutObjectCommand({ Bucket: bucketName('uploads'), Key, Body: lenderCsv(payeeKey, lines), ContentType: CSV }));
}

/** A link to download a lender's CSV (ensureLenderCsv), valid one minute: signed here, no request made. */
export function lenderCsvLink(uploadId: string, payeeKey: string, month: string): Promise<string> {
  const command = new GetObjectCommand({
    Bucket: bucketName('uploads'),
    Key: reconciliationKeys(uploadId, payeeKey).csv,
    ResponseContentDisposition: `attachment; filename="reconciliation-${month}-${payeeKey.replace(/[^A-Za-z0-9]/g, '')}.csv"`,
    ResponseContentType: CSV,
  });
  return getSignedUrl(s3, command, { expiresIn: LINK_SECONDS });
}

const monthSchema = z.object({
  month: z.string(),
  upload_id: z.string(),
  schedule_version: z.number(),
  submitted_by: z.string(),
  submitted_at: z.string(),
  by_lender: z.array(lenderTotalsSchema),
  /**
   * A month answered in parts (decision 0221): each part's file and the payee keys it covers, no key in two parts;
   * `upload_id` is then the file written last (each write changes it, the condition of the next), `by_lender` every part's lenders.
   */
  parts: z.array(z.object({ upload_id: z.string(), payee_keys: z.array(z.string()), submitted_by: z.string(), submitted_at: z.string() })).optional(),
  /** The files this month's recorded file replaced, oldest first (kept for the audit trail). */
  replaced: z
    .array(z.object({ upload_id: z.string(), submitted_by: z.string(), submitted_at: z.string(), replaced_at: z.string(), approved_by: z.string() }))
    .optional(),
});
export type MonthReconciliation = z.output<typeof monthSchema>;
export const monthKey = (month: string) => ({ pk: `RECONCILIATION#${month}`, sk: 'APPLIED' });
export const monthCodec = defineCodec('month reconciliation', monthSchema, (m) => monthKey(m.month));

/** Records the month's reconciliation once: false when the month already has one. */
export async function putMonthReconciliation(record: MonthReconciliation): Promise<boolean> {
  try {
    await dynamo.send(
      new PutCommand({
        TableName: tableName('submissions'),
        Item: monthCodec.build(record),
        ...conditionOf(conditionsOf<MonthReconciliation>().missing('pk')),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Writes the month's item again (a part added, or a part replaced), on condition it still records the file read
 * before (`upload_id`, which every write changes): false when another write came first.
 */
export async function replaceMonthReconciliation(record: MonthReconciliation, readUploadId: string): Promise<boolean> {
  try {
    await dynamo.send(
      new PutCommand({
        TableName: tableName('submissions'),
        Item: monthCodec.build(record),
        ...conditionOf(conditionsOf<MonthReconciliation>().is('upload_id', readUploadId)),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function getMonthReconciliation(month: string): Promise<MonthReconciliation | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('submissions'), Key: monthKey(month), ConsistentRead: true }));
  return monthCodec.parse(out.Item);
}

/** The recorded reconciliations of these months (a month without one is absent). */
export async function getMonthReconciliations(months: readonly string[]): Promise<MonthReconciliation[]> {
  const items = await batchGetAll(tableName('submissions'), months.map(monthKey), { busy: 'The months’ reconciliations could not be read: try again.' });
  return monthCodec.parseAll(items);
}
