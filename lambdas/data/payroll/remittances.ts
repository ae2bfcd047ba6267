import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { z } from 'zod';
import { bucketName, dynamo, s3, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionOf, conditionsOf, updateOf } from '#adapters/dynamo/expressions.js';
import { queryOf } from '#adapters/dynamo/queries.js';
import { isConditionFailure } from '#adapters/dynamo/toolkit.js';
import { objectExists } from '#adapters/s3-objects.js';

/**
 * Remittance statements and what arrived against them.
 * - files:   the statement as PDF and CSV beside its month's reconciliation, `results/{upload}/remittance/{payee key}.pdf|.csv`
 *            in the uploads bucket, made the first time the statement is listed (an upload's reconciliation never
 *            changes; a month whose file is replaced lists the new upload's, drawn then, and keeps the old ones);
 * - receipt: submissions table pk=REMITTANCE#{month} sk=PAYEE#{payee key}: what the lender's admin recorded as arrived,
 *            and the note that resolved a difference. A receipt replaces the one before until a difference is resolved.
 * Access patterns: "the month's receipts" Query pk; "one statement's receipt" GetItem.
 */
export const remittanceKeys = (uploadId: string, payeeKey: string) => ({
  pdf: `results/${uploadId}/remittance/${payeeKey}.pdf`,
  csv: `results/${uploadId}/remittance/${payeeKey}.csv`,
});

const receiptSchema = z.object({
  statement_number: z.string(),
  month: z.string(),
  payee_key: z.string(),
  amount: z.number(),
  received_on: z.string(),
  recorded_by: z.string(),
  recorded_at: z.string(),
  resolution_note: z.string().optional(),
  resolved_by: z.string().optional(),
  resolved_at: z.string().optional(),
});
export type ReceiptRecord = z.output<typeof receiptSchema>;
const receiptKey = (month: string, payeeKey: string) => ({ pk: `REMITTANCE#${month}`, sk: `PAYEE#${payeeKey}` });
const receiptCodec = defineCodec('remittance receipt', receiptSchema, (r) => receiptKey(r.month, r.payee_key));
const when = conditionsOf<ReceiptRecord>();

/** Every receipt of the month, by payee key. */
export async function listReceipts(month: string): Promise<Map<string, ReceiptRecord>> {
  const out = new Map<string, ReceiptRecord>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(
      new QueryCommand({
        TableName: tableName('submissions'),
        ...queryOf({ pk: `REMITTANCE#${month}` }),
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const receipt of receiptCodec.parseAll(page.Items)) out.set(receipt.payee_key, receipt);
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

export async function getReceipt(month: string, payeeKey: string): Promise<ReceiptRecord | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('submissions'), Key: receiptKey(month, payeeKey), ConsistentRead: true }));
  return receiptCodec.parse(out.Item);
}

/**
 * Records what arrived, replacing a receipt whose difference is not resolved. Answers the receipt it replaced
 * (null for the first), or 'resolved' when the statement's difference was already resolved (nothing written).
 */
export async function putReceipt(receipt: ReceiptRecord): Promise<{ previous: ReceiptRecord | null } | 'resolved'> {
  try {
    const out = await dynamo.send(
      new PutCommand({
        TableName: tableName('submissions'),
        Item: receiptCodec.build(receipt),
        ReturnValues: 'ALL_OLD',
        ...conditionOf(when.or(when.missing('pk'), when.missing('resolved_at'))),
      }),
    );
    return { previous: receiptCodec.parse(out.Attributes) };
  } catch (error) {
    if (isConditionFailure(error)) return 'resolved';
    throw error;
  }
}

/** Resolves the difference of the receipt as it was read (same amount, not yet resolved); null when it changed meanwhile. */
export async function resolveReceipt(receipt: ReceiptRecord, resolution: { note: string; by: string; at: string }): Promise<ReceiptRecord | null> {
  try {
    const out = await dynamo.send(
      new UpdateCommand({
        TableName: tableName('submissions'),
        Key: receiptKey(receipt.month, receipt.payee_key),
        ReturnValues: 'ALL_NEW',
        ...updateOf<ReceiptRecord>(
          { resolution_note: resolution.note, resolved_by: resolution.by, resolved_at: resolution.at },
          when.and(when.exists('pk'), when.missing('resolved_at'), when.is('amount', receipt.amount), when.is('received_on', receipt.received_on)),
        ),
      }),
    );
    return receiptCodec.parseExisting(out.Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

const LINK_SECONDS = 60;

/** Stores a statement's files unless they are there already (a statement never changes once made). */
export async function ensureStatementFiles(uploadId: string, payeeKey: string, make: () => Promise<{ pdf: Uint8Array; csv: string }>): Promise<void> {
  const keys = remittanceKeys(uploadId, payeeKey);
  const [pdfThere, csvThere] = await Promise.all([objectExists('uploads', keys.pdf), objectExists('uploads', keys.csv)]);
  if (pdfThere && csvThere) return;
  const files = await make();
  const Bucket = bucketName('uploads');
  await Promise.all([
    s3.send(new PutObjectCommand({ Bucket, Key: keys.pdf, Body: files.pdf, ContentType: 'application/pdf' })),
    s3.send(new PutObjectCommand({ Bucket, Key: keys.csv, Body: `\uFEFF${files.csv}`, ContentType: 'text/csv; charset=utf-8' })),
  ]);
}

/** Links to download a statement's PDF and CSV, named by its number, valid one minute. */
export async function statementLinks(uploadId: string, payeeKey: string, number: string): Promise<{ pdf_url: string; csv_url: string }> {
  const keys = remittanceKeys(uploadId, payeeKey);
  const fileName = `remittance-statement-${number.replace(/[^A-Za-z0-9-]/g, '')}`;
  const link = (Key: string, type: string, ext: string) =>
    getSignedUrl(
      s3,
      new GetObjectCommand({
        Bucket: bucketName('uploads'),
        Key,
        ResponseContentDisposition: `attachment; filename="${fileName}.${ext}"`,
        ResponseContentType: type,
      }),
      { expiresIn: LINK_SECONDS },
    );
  const [pdf_url, csv_url] = await Promise.all([link(keys.pdf, 'application/pdf', 'pdf'), link(keys.csv, 'text/csv; charset=utf-8', 'csv')]);
  return { pdf_url, csv_url };
}
