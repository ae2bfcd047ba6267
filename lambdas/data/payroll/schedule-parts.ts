import { PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { bucketName, dynamo, s3, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { queryOf, sortKey } from '#adapters/dynamo/queries.js';
import { queryAll } from '#adapters/dynamo/toolkit.js';
import { SCHEDULE_MONTH } from '#shared/rules/payroll-schedule.js';
import { DRAW_JOB_PREFIX, rangeSchema } from './schedule-drawn.js';

/**
 * A draw in parts (decision 0218): the month's draw job plans a run for the fingerprint of its COMPLETED submissions
 * (pk=SCHEDULE#{month} sk=DRAW#{fingerprint}: its lenders and the frozen version it compares with), drops a part job a
 * lender, each part writes its lender's files under `payroll/{month}/drawn/{fingerprint}/{payee}.*` and its result item
 * (sk=DRAW#{fingerprint}#PART#{payee}); the part that finds every result there drops the assembly job. Everything is
 * named by the fingerprint: parts of two draws never meet, and a part done twice writes the same bytes and item.
 */
const runSchema = z.object({
  month: z.string(),
  fingerprint: z.string(),
  lenders: z.array(z.object({ payee_key: z.string(), org_name: z.string() })),
  /** The newest frozen version when planned (null: none): every part compares with it, its lender's range of its lines. */
  base: z
    .object({
      version: z.number(),
      hash: z.string(),
      s3_key: z.string(),
      ranges: z.array(rangeSchema).optional(),
      by_lender: z.array(z.object({ payee_key: z.string(), org_name: z.string(), lines: z.number() })),
    })
    .nullable(),
  planned_at: z.string(),
});
export type DrawRun = z.output<typeof runSchema>;
const sheetSchema = z.object({ name: z.string(), rows: z.number(), crc: z.number(), size: z.number(), compressed: z.number() });
const partSchema = z.object({
  month: z.string(),
  fingerprint: z.string(),
  payee_key: z.string(),
  lines: z.number(),
  ngwee: z.number(),
  changes: z.object({ added: z.number(), removed: z.number(), changed: z.number() }),
  jsonl_bytes: z.number(),
  sheets: z.array(sheetSchema),
  /** The frozen version its changes compare with (0: none); a part drawn before this was recorded has none. */
  base_version: z.number().optional(),
});
export type DrawPart = z.output<typeof partSchema>;

/** The frozen version a run compares with (0: none). */
const runBase = (run: Pick<DrawRun, 'base'>) => run.base?.version ?? 0;

/** Whether a part was drawn for its run as planned now: a run planned again against a newer version draws its parts again. */
export const partOfRun = (run: Pick<DrawRun, 'base'>, part: DrawPart) => part.base_version === undefined || part.base_version === runBase(run);

const runKey = (month: string, fingerprint: string) => ({ pk: `SCHEDULE#${month}`, sk: `DRAW#${fingerprint}` });
const partKey = (month: string, fingerprint: string, payee: string) => ({ pk: `SCHEDULE#${month}`, sk: `DRAW#${fingerprint}#PART#${payee}` });
const runCodec = defineCodec('schedule draw run', runSchema, (r) => runKey(r.month, r.fingerprint));
const partCodec = defineCodec('schedule draw part', partSchema, (p) => partKey(p.month, p.fingerprint, p.payee_key));

export async function getDrawRun(month: string, fingerprint: string): Promise<DrawRun | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('submissions'), Key: runKey(month, fingerprint), ConsistentRead: true }));
  return runCodec.parse(out.Item);
}

/** Plans a run; planned again (a job asked again), it writes the same lenders and base. */
export async function putDrawRun(run: DrawRun): Promise<void> {
  await dynamo.send(new PutCommand({ TableName: tableName('submissions'), Item: runCodec.build(run) }));
}

export async function putDrawPart(part: DrawPart): Promise<void> {
  await dynamo.send(new PutCommand({ TableName: tableName('submissions'), Item: partCodec.build(part) }));
}

export async function getDrawPart(month: string, fingerprint: string, payee: string): Promise<DrawPart | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('submissions'), Key: partKey(month, fingerprint, payee), ConsistentRead: true }));
  return partCodec.parse(out.Item);
}

/** The parts of a run done so far (a lender's result item each; a few hundred bytes a lender). */
export async function drawPartsDone(month: string, fingerprint: string): Promise<DrawPart[]> {
  const items = await queryAll<Record<string, unknown>>({
    TableName: tableName('submissions'),
    ...queryOf({ pk: `SCHEDULE#${month}`, sk: sortKey.beginsWith(`DRAW#${fingerprint}#PART#`) }),
    ConsistentRead: true,
  });
  return partCodec.parseAll(items);
}

/** A lender's files of a draw. */
export const partKeys = (month: string, fingerprint: string, payee: string) => ({
  jsonl: `payroll/${month}/drawn/${fingerprint}/${payee}.jsonl`,
  csv: `payroll/${month}/drawn/${fingerprint}/${payee}.csv`,
  sheet: (i: number) => `payroll/${month}/drawn/${fingerprint}/${payee}.sheet${i + 1}`,
});

/** The jobs of a run under the draw jobs' prefix: a part a lender, and the assembly. */
export const partJobKey = (month: string, fingerprint: string, payee: string) => `${DRAW_JOB_PREFIX}${month}/${fingerprint}/parts/${payee}.json`;
export const assemblyJobKey = (month: string, fingerprint: string) => `${DRAW_JOB_PREFIX}${month}/${fingerprint}/assemble.json`;

export async function putJob(key: string, body: Record<string, string>): Promise<void> {
  await s3.send(new PutObjectCommand({ Bucket: bucketName('uploads'), Key: key, Body: JSON.stringify(body), ContentType: 'application/json' }));
}

const RUN_JOB = new RegExp(`^${DRAW_JOB_PREFIX}(\\d{4}-\\d{2})/([0-9a-f]{32})/(?:parts/([A-Za-z0-9._-]{2,20})|(assemble))\\.json$`);

/** A part or assembly job's month, fingerprint and lender (none: the assembly), or null for any other key. */
export function runJobOf(key: string): { month: string; fingerprint: string; payee: string | null } | null {
  const match = RUN_JOB.exec(key);
  if (!match || !SCHEDULE_MONTH.test(match[1]!)) return null;
  return { month: match[1]!, fingerprint: match[2]!, payee: match[3] ?? null };
}
