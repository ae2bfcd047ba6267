import { GetObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { bucketName, dynamo, s3, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { queryOf, sortKey } from '#adapters/dynamo/queries.js';
import { jsonLineBatches } from '#lib/jsonl.js';
import { partsVersion } from '#shared/rules/applied-parts.js';
import type { ScheduleLine } from '#shared/rules/payroll-schedule.js';
import type { MonthReconciliation } from './reconciliation.js';

/**
 * The frozen payroll schedule, read (its writer is the payroll schedule's own data module). A version is an item of the
 * submissions table, pk=SCHEDULE#{month} sk=VERSION#{000001}; its lines are JSONL in the uploads bucket at
 * `payroll/{month}/schedule-v{version}.jsonl`, one ScheduleLine a line, sorted by payee key then employee number.
 */
const versionSchema = z.object({
  month: z.string(),
  version: z.number(),
  hash: z.string(),
  lines: z.number(),
  total: z.number(),
  by_lender: z.array(z.object({ payee_key: z.string(), org_name: z.string(), lines: z.number(), total: z.number() })),
  s3_key: z.string(),
  frozen_at: z.string(),
  frozen_by: z.string(),
});
export type ScheduleVersion = z.output<typeof versionSchema>;
const versionCodec = defineCodec('payroll schedule version', versionSchema);

/** The month's latest frozen version, or null when none was frozen. */
export async function latestSchedule(month: string): Promise<ScheduleVersion | null> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('submissions'),
      ...queryOf({ pk: `SCHEDULE#${month}`, sk: sortKey.beginsWith('VERSION#') }),
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: true,
    }),
  );
  return versionCodec.parse(out.Items?.[0]);
}

/** One frozen version of the month by its number, or null when the month has none of that number. */
async function scheduleVersion(month: string, version: number): Promise<ScheduleVersion | null> {
  const Key = { pk: `SCHEDULE#${month}`, sk: `VERSION#${String(version).padStart(6, '0')}` };
  const out = await dynamo.send(new GetCommand({ TableName: tableName('submissions'), Key, ConsistentRead: true }));
  return versionCodec.parse(out.Item);
}

/**
 * The frozen version the month's next applied file must answer (`partsVersion`, shared/rules/applied-parts.ts): the
 * recorded parts' for a further part of a month in parts, else the latest; null while the month has none. Every check
 * of the version a file answers (upload, validation, Submit, a replacement's approval) and the lenders a month in parts
 * awaits read it here.
 */
export async function scheduleToAnswer(month: string, recorded: MonthReconciliation | null, part: boolean): Promise<ScheduleVersion | null> {
  const owed = partsVersion(recorded, part);
  return owed === null ? latestSchedule(month) : scheduleVersion(month, owed);
}

/** A version's lines as they stream from S3, a body chunk's lines at a time: never the whole file in memory. */
export async function* scheduleLines(month: string, version: number): AsyncGenerator<ScheduleLine[]> {
  const out = await s3.send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: `payroll/${month}/schedule-v${version}.jsonl` }));
  yield* jsonLineBatches<ScheduleLine>(out.Body as AsyncIterable<Uint8Array>);
}
