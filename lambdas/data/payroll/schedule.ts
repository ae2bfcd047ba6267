import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionOf, conditionsOf } from '#adapters/dynamo/expressions.js';
import { queryOf, sortKey, type Stored } from '#adapters/dynamo/queries.js';
import { isConditionFailure, queryAll } from '#adapters/dynamo/toolkit.js';
import { jsonArrayBatches } from '#lib/json-array.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import type { SubmissionRecord } from '../submissions/submissions.js';
import { streamValidatedRows } from '../uploads/results.js';
import { rangeSchema } from './schedule-drawn.js';

/**
 * The month's payroll schedule, frozen version by version, in the submissions table:
 * pk=SCHEDULE#{YYYY-MM} sk=VERSION#{version, six digits}; its lines in the uploads bucket
 * (`payroll/{month}/schedule-v{version}.jsonl`, one ScheduleLine a line, by payee key then employee number),
 * beside the downloads rendered from them (.csv, .xlsx). A version is written once, on condition that
 * none of its number exists: two first downloads at once make one version.
 */
const lenderSchema = z.object({ payee_key: z.string(), org_name: z.string(), lines: z.number(), total: z.number() });
const versionSchema = z.object({
  month: z.string(),
  version: z.number(),
  hash: z.string(),
  lines: z.number(),
  total: z.number(),
  by_lender: z.array(lenderSchema),
  s3_key: z.string(),
  /** Each lender's lines in the version's JSONL, copied from its draw (decision 0218); older versions have none. */
  ranges: z.array(rangeSchema).optional(),
  frozen_at: z.string(),
  frozen_by: z.string(),
});
export type ScheduleVersion = z.output<typeof versionSchema>;

const schedulePk = (month: string) => `SCHEDULE#${month}`;
const versionKey = (month: string, version: number) => ({ pk: schedulePk(month), sk: `VERSION#${String(version).padStart(6, '0')}` });
const versionCodec = defineCodec('schedule version', versionSchema, (v) => versionKey(v.month, v.version));

/** The month's newest frozen version, or null before its first download. */
export async function latestScheduleVersion(month: string): Promise<ScheduleVersion | null> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('submissions'),
      ...queryOf({ pk: schedulePk(month), sk: sortKey.beginsWith('VERSION#') }),
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: true,
    }),
  );
  return versionCodec.parse(out.Items?.[0]);
}

/** Writes a version unless one of its number exists; false when another download froze that number first. */
export async function putScheduleVersion(version: ScheduleVersion): Promise<boolean> {
  try {
    await dynamo.send(
      new PutCommand({ TableName: tableName('submissions'), Item: versionCodec.build(version), ...conditionOf(conditionsOf<ScheduleVersion>().missing('pk')) }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The month's COMPLETED (status approved) inputs and stoppages submissions: the review queue's index, one status. */
const whenSubmission = conditionsOf<Stored<SubmissionRecord>>();
export async function completedSubmissions(month: string): Promise<SubmissionRecord[]> {
  return queryAll<SubmissionRecord>({
    TableName: tableName('submissions'),
    ...queryOf<SubmissionRecord>({
      IndexName: 'gsi1',
      pk: 'STATUS#approved',
      filter: whenSubmission.and(whenSubmission.is('upload_month', month), whenSubmission.isIn('doc_kind', ['inputs', 'stoppages'])),
    }),
  });
}

/** The rows validation stored for a submission's upload, as the object streams in (none when none are stored). */
export async function* submissionRows(submission: Pick<SubmissionRecord, 'upload_id'>): AsyncGenerator<CanonicalRow> {
  const body = await streamValidatedRows(submission.upload_id);
  if (!body) return;
  for await (const rows of jsonArrayBatches<CanonicalRow>(body)) yield* rows;
}
