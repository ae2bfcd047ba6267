import { GetObjectCommand } from '@aws-sdk/client-s3';
import { bucketName, s3, tableName } from '#adapters/aws-clients.js';
import { queryOf } from '#adapters/dynamo/queries.js';
import { queryAll } from '#adapters/dynamo/toolkit.js';
import { isNotFound } from '#adapters/s3-objects.js';
import { jsonArrayBatches } from '#lib/json-array.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import type { SubmissionKind } from '#shared/rules/submission-rules.js';
import { resultKeys } from '../uploads/results.js';
import { payeeMonthKey, type SubmissionRecord } from './submissions.js';

/**
 * A payee key's submissions of one kind for one month (gsi3 of the submissions table, newest first),
 * and their rows: the canonical rows validation stored for each upload (`results/{id}/rows.json`), so a
 * previous month of 100,000 rows is one object read rather than 100,000 item reads, each row handed on
 * as it is read (never the whole object's bytes, text and rows at once). A rejected submission is never one of them.
 */
async function monthSubmissions(payeeKey: string, kind: SubmissionKind, month: string): Promise<SubmissionRecord[]> {
  const items = await queryAll<SubmissionRecord>({
    TableName: tableName('submissions'),
    ...queryOf({ IndexName: 'gsi3', pk: payeeMonthKey(payeeKey, kind, month) }),
    ScanIndexForward: false,
  });
  return items.filter((item) => item.status !== 'rejected');
}

/** Hands each row stored for the submission's upload to `take`, as the object streams in (none when none is stored). */
async function eachRow(submission: SubmissionRecord, take: (row: CanonicalRow) => void): Promise<void> {
  let body: AsyncIterable<Uint8Array>;
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: resultKeys(submission.upload_id).rows }));
    body = out.Body as AsyncIterable<Uint8Array>;
  } catch (error) {
    if (isNotFound(error)) return;
    throw error;
  }
  for await (const rows of jsonArrayBatches<CanonicalRow>(body)) for (const row of rows) take(row);
}

/** Hands each row of the payee key's latest inputs for `month` that is not rejected to `take`; false when there is none. */
export async function latestInputRows(payeeKey: string, month: string, take: (row: CanonicalRow) => void): Promise<boolean> {
  const [latest] = await monthSubmissions(payeeKey, 'inputs', month);
  if (latest) await eachRow(latest, take);
  return latest !== undefined;
}

/** Hands each row of every stoppages submission of the payee key for these months that is not rejected to `take`. */
export async function stoppageRows(payeeKey: string, months: readonly string[], take: (row: CanonicalRow) => void): Promise<void> {
  const submissions = (await Promise.all(months.map((month) => monthSubmissions(payeeKey, 'stoppages', month)))).flat();
  await Promise.all(submissions.map((submission) => eachRow(submission, take)));
}
