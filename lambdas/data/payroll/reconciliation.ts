import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { z } from 'zod';
import { bucketName, dynamo, s3, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionOf, conditionsOf } from '#adapters/dynamo/expressions.js';
import { batchGetAll, isConditionFailure } from '#adapters/dynamo/toolkit.js';
import { isNotFound } from '#adapters/s3-objects.js';
import { lenderTotalsSchema, type LenderTotals } from '#shared/api/reconciliation.js';
import { csvCell, csvRow } from '#shared/rules/csv.js';
import type { LenderReconciliation, ReconciliationLine } from '#shared/rules/reconciliation.js';

/**
 * A month's reconciliation: the schedule joined with the applied deductions file when that file is validated,
 * one result file per lender beside the upload's other results, and one item when it is submitted.
 * - lines:   `results/{upload}/reconciliation/{payee key}.jsonl` (one ReconciliationLine a line, by employee number)
 *            and `.csv` beside it (what the screen downloads), in the uploads bucket;
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

const CSV_HEADER = ['EMPLOYEE NUMBER', 'NRC', 'NAME', 'PAYEE KEY', 'EXPECTED', 'APPLIED', 'STATUS', 'REASON'];

/**
 * Whether a text is written as it is both in JSON (between quotes) and in CSV: printable ASCII without a quote, a
 * backslash or a comma, not starting like a formula. Employee numbers, NRCs and most names are.
 */
function plain(text: string): boolean {
  const first = text.charCodeAt(0);
  if (first === 0x3d || first === 0x2b || first === 0x2d || first === 0x40) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e || code === 0x22 || code === 0x5c || code === 0x2c) return false;
  }
  return true;
}

/** A text's JSON and CSV forms: JSON.stringify's and csvCell's, computed only for a text that is not plain. */
const jsonOf = (text: string): string => (plain(text) ? `"${text}"` : JSON.stringify(text));
const csvOf = (text: string): string => (plain(text) ? text : csvCell(text));

/**
 * One lender's result files' text: its lines as JSONL (read back by the screen) and as CSV (downloaded by people),
 * each line written out field by field (the JSONL line is JSON.stringify's, keys in ReconciliationLine's order).
 * Amounts and statuses are written as they are (digits and a point; a status word).
 */
export function lenderFiles(result: LenderReconciliation): { jsonl: string; csv: string } {
  const jsonl: string[] = new Array(result.lines.length);
  const csv: string[] = new Array(result.lines.length + 1);
  csv[0] = `\uFEFF${csvRow(CSV_HEADER)}`;
  const payeeKey = csvCell(result.payee_key);
  for (let i = 0; i < result.lines.length; i++) {
    const l = result.lines[i]!;
    const employeeNo = l.employee_no;
    const nrc = l.nrc;
    const name = l.name;
    const reason = l.reason === null ? 'null' : JSON.stringify(l.reason);
    jsonl[i] =
      `{"employee_no":${jsonOf(employeeNo)},"nrc":${jsonOf(nrc)},"name":${jsonOf(name)},"expected":${l.expected},"applied":${l.applied},"status":"${l.status}","reason":${reason}}`;
    csv[i + 1] =
      `${csvOf(employeeNo)},${csvOf(nrc)},${csvOf(name)},${payeeKey},${l.expected.toFixed(2)},${l.applied.toFixed(2)},${l.status},${l.reason === null ? '' : csvCell(l.reason)}`;
  }
  return { jsonl: jsonl.join('\n'), csv: `${csv.join('\r\n')}\r\n` };
}

/** Writes one lender's lines (JSONL, and CSV for people) and answers its totals. One lender's text at a time. */
export async function putLenderReconciliation(uploadId: string, result: LenderReconciliation, orgName: string | null): Promise<LenderTotals> {
  const keys = reconciliationKeys(uploadId, result.payee_key);
  const { jsonl, csv } = lenderFiles(result);
  const Bucket = bucketName('uploads');
  await Promise.all([
    s3.send(new PutObjectCommand({ Bucket, Key: keys.lines, Body: jsonl, ContentType: 'application/x-ndjson' })),
    s3.send(new PutObjectCommand({ Bucket, Key: keys.csv, Body: csv, ContentType: 'text/csv; charset=utf-8' })),
  ]);
  const { payee_key, expected_total, applied_total, counts } = result;
  return { payee_key, org_name: orgName, expected_total, applied_total, counts, lines: result.lines.length };
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

/** A link to download a lender's lines as CSV, valid one minute. */
export function lenderCsvLink(uploadId: string, payeeKey: string, month: string): Promise<string> {
  const command = new GetObjectCommand({
    Bucket: bucketName('uploads'),
    Key: reconciliationKeys(uploadId, payeeKey).csv,
    ResponseContentDisposition: `attachment; filename="reconciliation-${month}-${payeeKey.replace(/[^A-Za-z0-9]/g, '')}.csv"`,
    ResponseContentType: 'text/csv; charset=utf-8',
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
