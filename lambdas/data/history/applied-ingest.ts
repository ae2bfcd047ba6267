import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { bucketName, s3 } from '#adapters/aws-clients.js';
import { isNotFound } from '#adapters/s3-objects.js';
import { jsonLines } from '#lib/jsonl.js';
import { logger } from '#lib/powertools.js';
import { UUID_PATTERN } from '#shared/ids.js';
import { recordsUpload, uploadFor } from '#shared/rules/applied-parts.js';
import type { ReconciliationLine } from '#shared/rules/reconciliation.js';
import { CHUNK_PREFIX, CHUNK_ROWS } from '../ingestion/layout.js';
import { getMonthReconciliation, reconciliationKeys, type MonthReconciliation } from '../payroll/reconciliation.js';
import { appliedMark, appliedRecordName, putAppliedMarks, type AppliedLine, type AppliedMarkItem } from './applied-marks.js';
import { nrcSummaryKey } from './summaries.js';
import { setAttributes } from './summary-attributes.js';

/**
 * Writing a recorded applied deductions file onto borrower history, off the API, through the deduction files'
 * chunked ingestion (one trigger each, no new function):
 * 1. `onAppliedRecorded` puts the job `ingest/applied/{month}/{upload}.json`; the `ingest/` trigger
 *    (events/ingest-submission.ts) passes it to `splitAppliedJob`;
 * 2. which streams each lender's reconciliation lines (`results/{upload}/reconciliation/{payee key}.jsonl`) into
 *    chunk objects of CHUNK_ROWS lines, `chunks/applied/{upload}/{i}-of-{n}.json`;
 * 3. the `chunks/` trigger (events/ingest-chunk.ts, bounded like the deduction chunks) passes each to
 *    `ingestAppliedChunk`, which writes one history mark per line (applied-marks.ts).
 * Every step is safe to run again; a job or chunk of a file the month no longer records stops without writing.
 */
const JOB_PREFIX = 'ingest/applied/';
const APPLIED_CHUNKS = `${CHUNK_PREFIX}applied/`;
const MONTH = '\\d{4}-\\d{2}';
const JOB_KEY = new RegExp(`^${JOB_PREFIX}(${MONTH})/(${UUID_PATTERN})\\.json$`);
const CHUNK_KEY = new RegExp(`^${APPLIED_CHUNKS}(${MONTH})/(${UUID_PATTERN})/(\\d+)-of-(\\d+)\\.json$`);

const jobKey = (month: string, uploadId: string) => `${JOB_PREFIX}${month}/${uploadId}.json`;
const chunkKey = (month: string, uploadId: string, index: number, count: number) => `${APPLIED_CHUNKS}${month}/${uploadId}/${index}-of-${count}.json`;

/** The month and upload of an applied job's key, or null for any other key. */
export function appliedJobOf(key: string): { month: string; uploadId: string } | null {
  const match = JOB_KEY.exec(key);
  return match ? { month: match[1]!, uploadId: match[2]! } : null;
}

/** The month, upload and place of an applied chunk's key, or null for any other key. */
export function appliedChunkOf(key: string): { month: string; uploadId: string; index: number; count: number } | null {
  const match = CHUNK_KEY.exec(key);
  if (!match) return null;
  const [index, count] = [Number(match[3]), Number(match[4])];
  return index < count ? { month: match[1]!, uploadId: match[2]!, index, count } : null;
}

/** Starts writing the month's recorded applied file onto borrower history (the job's own event does the work). */
export async function startAppliedHistory(month: string, uploadId: string): Promise<void> {
  const Body = JSON.stringify({ month, upload_id: uploadId });
  await s3.send(new PutObjectCommand({ Bucket: bucketName('uploads'), Key: jobKey(month, uploadId), Body, ContentType: 'application/json' }));
}

/** The month's record when it is still this upload's; otherwise the work is stale and stops. */
async function recordedFor(month: string, uploadId: string): Promise<MonthReconciliation | null> {
  const record = await getMonthReconciliation(month);
  if (record && recordsUpload(record, uploadId)) return record;
  logger.warn('The month records another applied file (or none); this history work is stale and stops', { month, uploadId });
  return null;
}

async function* lenderLines(uploadId: string, payeeKey: string, orgName: string | null): AsyncGenerator<AppliedLine> {
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: reconciliationKeys(uploadId, payeeKey).lines }));
    for await (const line of jsonLines<ReconciliationLine>(out.Body as AsyncIterable<Uint8Array>)) yield { ...line, payee_key: payeeKey, org_name: orgName };
  } catch (error) {
    if (!isNotFound(error)) throw error;
    logger.error("A lender's reconciliation lines are missing", { uploadId, payeeKey });
  }
}

/**
 * Splits the recorded file's lines into chunks, lender after lender, one chunk held at a time: the same file always
 * splits the same way (the lenders in the record's order), so a split run again writes the same chunks.
 */
export async function splitAppliedJob(month: string, uploadId: string): Promise<void> {
  const record = await recordedFor(month, uploadId);
  if (!record) return;
  const Bucket = bucketName('uploads');
  let chunk: string[] = [];
  let index = 0;
  const put = async () => {
    const Body = `{"recorded_at":${JSON.stringify(record.submitted_at)},"lines":[${chunk.join(',')}]}`;
    await s3.send(new PutObjectCommand({ Bucket, Key: chunkKey(month, uploadId, index, count), Body, ContentType: 'application/json' }));
    chunk = [];
    index++;
  };
  // A month in parts: this file's own lenders only (each part's job writes its own).
  const lenders = record.by_lender.filter((lender) => uploadFor(record, lender.payee_key) === uploadId);
  const total = lenders.reduce((sum, lender) => sum + lender.lines, 0);
  const count = Math.max(1, Math.ceil(total / CHUNK_ROWS));
  for (const lender of lenders)
    for await (const line of lenderLines(uploadId, lender.payee_key, lender.org_name)) {
      chunk.push(JSON.stringify(line));
      if (chunk.length === CHUNK_ROWS && index < count - 1) await put();
    }
  while (index < count) await put();
}

/** Writes one chunk's lines onto borrower history. */
export async function ingestAppliedChunk(key: string): Promise<void> {
  const place = appliedChunkOf(key);
  if (!place || !(await recordedFor(place.month, place.uploadId))) return;
  let body: { recorded_at: string; lines: AppliedLine[] };
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: key }));
    body = JSON.parse(await out.Body!.transformToString()) as typeof body;
  } catch (error) {
    if (!isNotFound(error)) throw error;
    logger.error('An applied history chunk is missing', { key });
    return;
  }
  const marks = body.lines.flatMap((line) => appliedMark(line, place.month, place.uploadId, body.recorded_at) ?? []) as AppliedMarkItem[];
  const counts = await putAppliedMarks(marks);
  // The borrower records the signals read learn what was deducted on each schedule line (keyed writes: a replay rewrites them).
  const asked = marks.filter((mark) => mark.applied_status !== 'unexpected');
  const refused = await setAttributes(
    asked.map((mark) => ({ key: nrcSummaryKey(mark.pk.slice('NRC#'.length)), name: appliedRecordName(mark), value: mark.applied })),
  );
  logger.info('Applied deductions written onto borrower history', { key, ...counts, refused, without_nrc: body.lines.length - marks.length });
}
