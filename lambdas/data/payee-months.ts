import type { CanonicalRow } from '../../shared/rules/canonical-row.js';
import type { SubmissionKind } from '../../shared/rules/submission-rules.js';
import { tableName } from './clients.js';
import { queryAll } from './dynamo.js';
import { payeeMonthKey, type SubmissionRecord } from './submissions.js';
import { readResultJson, resultKeys } from './uploads.js';

/**
 * A payee key's submissions of one kind for one month (gsi3 of the submissions table, newest first),
 * and their rows: the canonical rows validation stored for each upload (`results/{id}/rows.json`), so a
 * previous month of 100,000 rows is one object read rather than 100,000 item reads. A rejected
 * submission is never one of them.
 */
async function monthSubmissions(payeeKey: string, kind: SubmissionKind, month: string): Promise<SubmissionRecord[]> {
  const items = await queryAll<SubmissionRecord>({
    TableName: tableName('submissions'),
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': payeeMonthKey(payeeKey, kind, month) },
    ScanIndexForward: false,
  });
  return items.filter((item) => item.status !== 'rejected');
}

const rowsOf = async (submission: SubmissionRecord) => (await readResultJson<CanonicalRow[]>(resultKeys(submission.upload_id).rows)) ?? [];

/** The rows of the payee key's latest inputs for `month` that is not rejected, or null when there is none. */
export async function latestInputRows(payeeKey: string, month: string): Promise<{ submission: SubmissionRecord; rows: CanonicalRow[] } | null> {
  const [latest] = await monthSubmissions(payeeKey, 'inputs', month);
  return latest ? { submission: latest, rows: await rowsOf(latest) } : null;
}

/** The rows of every stoppages submission of the payee key for these months that is not rejected. */
export async function stoppageRows(payeeKey: string, months: readonly string[]): Promise<CanonicalRow[]> {
  const submissions = (await Promise.all(months.map((month) => monthSubmissions(payeeKey, 'stoppages', month)))).flat();
  return (await Promise.all(submissions.map(rowsOf))).flat();
}
