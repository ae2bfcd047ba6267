import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { bucketName, dynamo, s3, tableName } from '#adapters/aws-clients.js';
import { queryOf, sortKey } from '#adapters/dynamo/queries.js';
import { queryCount } from '#adapters/dynamo/toolkit.js';
import { isNotFound } from '#adapters/s3-objects.js';
import { inParallel } from '#lib/concurrency.js';
import { jsonArrayBatches } from '#lib/json-array.js';
import { UUID_PATTERN } from '#shared/ids.js';
import type { RegisterEmployee } from '#shared/rules/register.js';
import { resultKeys, streamValidatedRows } from '../uploads/results.js';

/**
 * A submitted register's ingestion, in chunks so that 300,000 employees (600,000 items) stay well within an
 * event function's limits: Submit writes one job object per REGISTER_CHUNK employees,
 * `register/{upload id}/{index}-of-{count}.json` in the uploads bucket, each naming its range of the
 * upload's validated rows (`results/{id}/rows.json`); each job's event stores its range under the register
 * version (lambdas/events/ingest-register.ts) and lands on the version's progress in the register table,
 * pk=R#{version} sk=CHUNK#{index} (access pattern "chunks landed": a Query counting them). The run that
 * finds every chunk landed makes the version current, once.
 */
export const REGISTER_CHUNK = 25_000;
export const REGISTER_JOB_PREFIX = 'register/';
export const registerJobKey = (uploadId: string, index: number, count: number) => `${REGISTER_JOB_PREFIX}${uploadId}/${index}-of-${count}.json`;
const JOB_KEY = new RegExp(`^${REGISTER_JOB_PREFIX}(${UUID_PATTERN})/(\\d+)-of-(\\d+)\\.json$`);

const jobSchema = z.object({
  upload_id: z.string(),
  month: z.string(),
  index: z.number(),
  count: z.number(),
  /** This chunk's employees: positions [from, to) of the validated rows. */
  from: z.number(),
  to: z.number(),
  employees: z.number(),
  uploaded_by: z.string(),
  /** When it was approved (jobs written before proposals: when it was submitted): the changed mobiles' window starts then. */
  uploaded_at: z.string(),
  /** The admin who approved it (absent on jobs written before proposals). */
  approved_by: z.string().optional(),
});
export type RegisterJob = z.output<typeof jobSchema>;

/** Whether a key is a register job's (the trigger's prefix holds nothing else). */
export const isRegisterJobKey = (key: string) => {
  const match = JOB_KEY.exec(key);
  return match !== null && Number(match[2]) < Number(match[3]);
};

/** Writes the jobs of a submitted register: the same jobs however often Submit runs. */
export async function writeRegisterJobs(input: Omit<RegisterJob, 'index' | 'count' | 'from' | 'to'>): Promise<void> {
  const count = Math.max(1, Math.ceil(input.employees / REGISTER_CHUNK));
  await inParallel([...Array(count).keys()], 8, async (index) => {
    const job: RegisterJob = { ...input, index, count, from: index * REGISTER_CHUNK, to: Math.min(input.employees, (index + 1) * REGISTER_CHUNK) };
    const Key = registerJobKey(input.upload_id, index, count);
    await s3.send(new PutObjectCommand({ Bucket: bucketName('uploads'), Key, Body: JSON.stringify(job), ContentType: 'application/json' }));
  });
}

export async function readRegisterJob(key: string): Promise<RegisterJob | null> {
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: key }));
    const parsed = jobSchema.safeParse(JSON.parse(await out.Body!.transformToString()));
    return parsed.success ? parsed.data : null;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * The validated employees of an upload at positions [from, to), handed over in batches as rows.json
 * streams (the rows before `from` are read and dropped). False when the rows are gone.
 */
export async function forEachValidatedEmployee(
  uploadId: string,
  from: number,
  to: number,
  take: (batch: RegisterEmployee[]) => Promise<void>,
): Promise<boolean> {
  const body = await streamValidatedRows(uploadId);
  if (!body) return false;
  let place = 0;
  for await (const batch of jsonArrayBatches<RegisterEmployee>(body)) {
    const start = place;
    place += batch.length;
    if (place <= from) continue;
    const wanted = batch.slice(Math.max(0, from - start), Math.max(0, to - start));
    if (wanted.length) await take(wanted);
    if (place >= to) break;
  }
  return true;
}

/** Lands one chunk of a register version; answers whether every chunk of it has landed (read strongly consistent). */
export async function landRegisterChunk(version: string, index: number, count: number): Promise<boolean> {
  const table = tableName('register');
  await dynamo.send(new PutCommand({ TableName: table, Item: { pk: `R#${version}`, sk: `CHUNK#${index}`, count } }));
  const landed = await queryCount({
    TableName: table,
    ...queryOf({ pk: `R#${version}`, sk: sortKey.beginsWith('CHUNK#') }),
    ConsistentRead: true,
  });
  return landed >= count;
}

/** The mobiles a register changed (`results/{id}/mobile-changes.json`, written by its validation) as they stream, or null when absent. */
export async function streamMobileChanges(uploadId: string): Promise<AsyncIterable<Uint8Array> | null> {
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: resultKeys(uploadId).mobileChanges }));
    return out.Body as AsyncIterable<Uint8Array>;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
