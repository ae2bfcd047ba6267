import { createHash } from 'node:crypto';
import { DeleteObjectCommand, DeleteObjectsCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { bucketName, dynamo, s3, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { isNotFound } from '#adapters/s3-objects.js';
import { SCHEDULE_MONTH } from '#shared/rules/payroll-schedule.js';
import type { SubmissionRecord } from '../submissions/submissions.js';

/**
 * The month's schedule as last drawn by its event (lambdas/events/draw-schedule.ts), so that a view never computes it:
 * pk=SCHEDULE#{month} sk=DRAWN in the submissions table (beside the frozen versions' VERSION# items), its lines,
 * and the CSV and XLSX titled for the version its first download gives it, under `payroll/{month}/drawn/{fingerprint}.*`.
 * The fingerprint names the COMPLETED submissions it was drawn from: a view whose submissions have another asks for a draw.
 */
const lenderSchema = z.object({ payee_key: z.string(), org_name: z.string(), lines: z.number(), total: z.number() });
/** Where a lender's lines lie in the month's JSONL (bytes), so that a draw part compares its lender's lines alone. */
export const rangeSchema = z.object({ payee_key: z.string(), offset: z.number(), bytes: z.number() });
const changesSchema = z.object({ payee_key: z.string(), org_name: z.string(), added: z.number(), removed: z.number(), changed: z.number() });
const drawnSchema = z.object({
  month: z.string(),
  fingerprint: z.string(),
  hash: z.string(),
  lines: z.number(),
  total: z.number(),
  by_lender: z.array(lenderSchema),
  /** The newest frozen version when drawn (0: none), which `changes` compare with; the files are titled for the next. */
  base_version: z.number(),
  changes: z.array(changesSchema),
  /** Each lender's lines in the drawn JSONL (decision 0218); a draw before it has none. */
  ranges: z.array(rangeSchema).optional(),
  /** The draw this one replaced, whose files are kept until the next draw lands (decision 0236). */
  previous_fingerprint: z.string().optional(),
  drawn_at: z.string(),
});
export type DrawnSchedule = z.output<typeof drawnSchema>;

const drawnKey = (month: string) => ({ pk: `SCHEDULE#${month}`, sk: 'DRAWN' });
const drawnCodec = defineCodec('drawn schedule', drawnSchema, (d) => drawnKey(d.month));

/** The submissions a schedule is drawn from, named in one short hash: any completion, correction or removal changes it. */
export function scheduleFingerprint(submissions: readonly Pick<SubmissionRecord, 'id' | 'status' | 'completed_at' | 'upload_id'>[]): string {
  const names = submissions.map((s) => `${s.id}:${s.upload_id}:${s.status}:${s.completed_at ?? ''}`).sort();
  return createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 32);
}

/** Where a draw's files are kept, by the fingerprint of what they were drawn from. */
export const drawnScheduleKeys = (month: string, fingerprint: string) => ({
  jsonl: `payroll/${month}/drawn/${fingerprint}.jsonl`,
  csv: `payroll/${month}/drawn/${fingerprint}.csv`,
  xlsx: `payroll/${month}/drawn/${fingerprint}.xlsx`,
});

/**
 * The version a draw's CSV and XLSX are titled for: its base's, when it drew the very lines of its base (`baseHash`);
 * else the one after its base.
 */
export const titledVersion = (drawn: Pick<DrawnSchedule, 'base_version' | 'hash'>, baseHash: string | null) =>
  baseHash === drawn.hash ? drawn.base_version : drawn.base_version + 1;

/**
 * Whether a drawn schedule is the month as it stands: drawn from these submissions, and either equal to the newest frozen
 * version or drawn against it (its changes and files are for the version after it).
 */
export function isCurrentDraw(drawn: DrawnSchedule | null, fingerprint: string, latest: { version: number; hash: string } | null): drawn is DrawnSchedule {
  return drawn !== null && drawn.fingerprint === fingerprint && (latest === null || latest.hash === drawn.hash || latest.version === drawn.base_version);
}

export async function getDrawnSchedule(month: string): Promise<DrawnSchedule | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('submissions'), Key: drawnKey(month), ConsistentRead: true }));
  return drawnCodec.parse(out.Item);
}

/** Records a draw; a draw repeated for the same fingerprint writes the same item. */
export async function putDrawnSchedule(drawn: DrawnSchedule): Promise<void> {
  await dynamo.send(new PutCommand({ TableName: tableName('submissions'), Item: drawnCodec.build(drawn) }));
}

/**
 * Removes a superseded draw's files (its JSONL, CSV, XLSX and its lenders' parts: every key under
 * `payroll/{month}/drawn/{fingerprint}`). Never a frozen version's: those are copies under `schedule-v{n}.*`.
 */
export async function deleteDrawnFiles(month: string, fingerprint: string): Promise<number> {
  const Bucket = bucketName('uploads');
  const Prefix = `payroll/${month}/drawn/${fingerprint}`;
  let removed = 0;
  let ContinuationToken: string | undefined;
  do {
    const out = await s3.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
    const keys = (out.Contents ?? []).map((o) => ({ Key: o.Key! }));
    if (keys.length) await s3.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
    removed += keys.length;
    ContinuationToken = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return removed;
}

/** The draw jobs' prefix in the uploads bucket: its trigger (draw-schedule) draws the month the job names. */
export const DRAW_JOB_PREFIX = 'schedule-draws/';
export const drawJobKey = (month: string, fingerprint: string) => `${DRAW_JOB_PREFIX}${month}/${fingerprint}.json`;

/** A job not done after the event's timeout and its retries is asked again (it failed; the next view retries it). */
const JOB_STANDS_MS = 16 * 60_000;

/**
 * Asks the event to draw the month for this fingerprint, unless the same job was asked lately and is still running
 * (the screen polls: its views do not start a draw each).
 */
export async function askDraw(month: string, fingerprint: string): Promise<void> {
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucketName('uploads'), Key: drawJobKey(month, fingerprint) }));
    if (head.LastModified && Date.now() - head.LastModified.getTime() < JOB_STANDS_MS) return;
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  await putDrawJob(month, fingerprint);
}

/** The job is done: removed, so that a later view of the same submissions (a draw lost) may ask again. */
export async function deleteDrawJob(key: string): Promise<void> {
  await s3.send(new DeleteObjectCommand({ Bucket: bucketName('uploads'), Key: key }));
}

async function putDrawJob(month: string, fingerprint: string): Promise<void> {
  await s3.send(
    new PutObjectCommand({
      Bucket: bucketName('uploads'),
      Key: drawJobKey(month, fingerprint),
      Body: JSON.stringify({ month, fingerprint }),
      ContentType: 'application/json',
    }),
  );
}

const JOB = new RegExp(`^${DRAW_JOB_PREFIX}(\\d{4}-\\d{2})/([0-9a-f]{32})\\.json$`);

/** The month and fingerprint a job key names, or null for any other key. */
export function drawJobOf(key: string): { month: string; fingerprint: string } | null {
  const match = JOB.exec(key);
  return match && SCHEDULE_MONTH.test(match[1]!) ? { month: match[1]!, fingerprint: match[2]! } : null;
}
