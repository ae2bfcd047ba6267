import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { bucketName, dynamo, s3, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionOf, conditionsOf, updateOf } from '#adapters/dynamo/expressions.js';
import { queryOf } from '#adapters/dynamo/queries.js';
import { isConditionFailure, queryAll } from '#adapters/dynamo/toolkit.js';
import { TextUpload } from '#adapters/s3-json-array-upload.js';
import { isNotFound } from '#adapters/s3-objects.js';
import { jsonLines } from '#lib/jsonl.js';
import { employeeNumberKey } from '#shared/rules/employee-number.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import type { ReconciliationLine } from '#shared/rules/reconciliation.js';
import { notificationPut, type TextEvent } from '../notifications/outbox.js';

/**
 * Deductions the payroll took that nobody approved (UNEXPECTED lines of a month's reconciliation), kept for the
 * employee whose pay it was:
 * - list: `results/{upload}/unexpected.jsonl` in the uploads bucket, written by the applied file's validation
 *         beside its reconciliation (a few lines a month: only the UNEXPECTED ones, each with its payee key);
 * - job:  `unexpected/{upload}.json` in the uploads bucket, dropped when the applied file is recorded; its S3
 *         event (lambdas/events/unexpected-deductions.ts) records each line and texts its employee;
 * - item: submissions table pk=UNEXPECTED#NRC#{digits} sk={month}#{payee key}#{employee number}, put once (a
 *         conditional Put in one transaction with the text's outbox item), so a replayed job or a replacing
 *         applied file never texts a line twice; `text` says whether a text was queued or there was no mobile,
 *         `dispute_id` the employee's report. Access: the employee's own (Query of their partition), one (GetItem).
 */
export interface UnexpectedLine {
  payee_key: string;
  org_name: string | null;
  employee_no: string;
  nrc: string;
  amount: number;
  reason: string | null;
}

export const unexpectedListKey = (uploadId: string) => `results/${uploadId}/unexpected.jsonl`;
export const UNEXPECTED_JOB_PREFIX = 'unexpected/';
export const unexpectedJobKey = (uploadId: string) => `${UNEXPECTED_JOB_PREFIX}${uploadId}.json`;

/** The UNEXPECTED lines of one lender's reconciliation, as the list holds them. */
export const unexpectedOf = (payeeKey: string, orgName: string | null, lines: readonly ReconciliationLine[]): UnexpectedLine[] =>
  lines
    .filter((line) => line.status === 'UNEXPECTED')
    .map((line) => ({ payee_key: payeeKey, org_name: orgName, employee_no: line.employee_no, nrc: line.nrc, amount: line.applied, reason: line.reason }));

/** The list written as the lenders' results come, never held whole (a file the schedule does not answer is all UNEXPECTED). */
export function unexpectedListWriter(uploadId: string) {
  const out = new TextUpload(unexpectedListKey(uploadId), 'application/x-ndjson');
  return {
    async add(lines: readonly UnexpectedLine[]): Promise<void> {
      for (const line of lines) out.write(`${JSON.stringify(line)}\n`);
      await out.drain();
    },
    complete: () => out.complete(),
  };
}

/** The list, streamed; empty when the upload has none (validated before the list was written). */
export async function* unexpectedLines(uploadId: string): AsyncGenerator<UnexpectedLine> {
  let body;
  try {
    body = (await s3.send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: unexpectedListKey(uploadId) }))).Body;
  } catch (error) {
    if (isNotFound(error)) return;
    throw error;
  }
  if (body) yield* jsonLines<UnexpectedLine>(body as AsyncIterable<Uint8Array>);
}

/** Drops the job whose S3 event records and texts the month's UNEXPECTED lines (the same key again is the same job). */
export async function putUnexpectedJob(month: string, uploadId: string): Promise<void> {
  const Body = JSON.stringify({ month, upload_id: uploadId });
  await s3.send(new PutObjectCommand({ Bucket: bucketName('uploads'), Key: unexpectedJobKey(uploadId), Body, ContentType: 'application/json' }));
}

export async function readUnexpectedJob(key: string): Promise<{ month: string; upload_id: string } | null> {
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: key }));
    return JSON.parse(await out.Body!.transformToString()) as { month: string; upload_id: string };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

const itemSchema = z.object({
  nrc_digits: z.string(),
  month: z.string(),
  payee_key: z.string(),
  org_name: z.string().nullable(),
  employee_no: z.string(),
  amount: z.number(),
  reason: z.string().nullable(),
  upload_id: z.string(),
  recorded_at: z.string(),
  /** A text was queued (its outbox item written with this item), or the register held no mobile for the NRC. */
  text: z.enum(['queued', 'no_mobile']),
  dispute_id: z.string().nullable(),
});
export type UnexpectedDeduction = z.output<typeof itemSchema>;
const partition = (digits: string) => `UNEXPECTED#NRC#${digits}`;
/** The deduction's id on the employee's record. */
export const unexpectedId = (d: Pick<UnexpectedDeduction, 'month' | 'payee_key' | 'employee_no'>) =>
  `${d.month}#${d.payee_key}#${employeeNumberKey(d.employee_no)}`;
const itemKey = (digits: string, id: string) => ({ pk: partition(digits), sk: id });
const codec = defineCodec('unexpected deduction', itemSchema, (d) => itemKey(d.nrc_digits, unexpectedId(d)));
const when = conditionsOf<UnexpectedDeduction>();

/**
 * Records a line once, with its text's outbox item in the same transaction when there is a text: false when the
 * line (month, payee key, employee number, NRC) was recorded before, by this job or an earlier one.
 */
export async function recordUnexpected(month: string, uploadId: string, line: UnexpectedLine, text: TextEvent | null): Promise<boolean> {
  const item: UnexpectedDeduction = {
    nrc_digits: nrcDigits(line.nrc),
    month,
    payee_key: line.payee_key,
    org_name: line.org_name,
    employee_no: line.employee_no,
    amount: line.amount,
    reason: line.reason,
    upload_id: uploadId,
    recorded_at: new Date().toISOString(),
    text: text ? 'queued' : 'no_mobile',
    dispute_id: null,
  };
  const put = { Put: { TableName: tableName('submissions'), Item: codec.build(item), ...conditionOf(when.missing('pk')) } };
  try {
    await dynamo.send(new TransactWriteCommand({ TransactItems: [put, ...(text ? [notificationPut(text)] : [])] }));
    return true;
  } catch (error) {
    if (isConditionFailure(error, 0)) return false;
    throw error;
  }
}

/** The employee's deductions without approval, newest month first. */
export async function unexpectedOfNrc(digits: string): Promise<UnexpectedDeduction[]> {
  const items = await queryAll({
    TableName: tableName('submissions'),
    ...queryOf({ pk: partition(digits) }),
    ScanIndexForward: false,
  });
  return items.map((item) => codec.parse(item)!);
}

/** One of the employee's: null when their record holds no such deduction (another employee's id reads nothing). */
export async function getUnexpected(digits: string, id: string): Promise<UnexpectedDeduction | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('submissions'), Key: itemKey(digits, id), ConsistentRead: true }));
  return codec.parse(out.Item);
}

/** Notes the dispute the employee opened on it (the dispute's own guard keeps one undecided a deduction). */
export async function markReported(digits: string, id: string, disputeId: string): Promise<void> {
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName('submissions'),
      Key: itemKey(digits, id),
      ...updateOf<UnexpectedDeduction>({ dispute_id: disputeId }, when.exists('pk')),
    }),
  );
}
