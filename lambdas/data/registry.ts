import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ReportStatus } from '../../shared/api/fraud.js';
import { dynamo, tableName } from './clients.js';
import { inParallel } from '../lib/concurrency.js';
import { batchGetAll, batchWriteAll, isConditionFailure, retrying } from './dynamo.js';
import { summaryKey } from './registry-check.js';
import { digestBucket, digestKey } from './registry-digest.js';

/**
 * The fraud registry (table `registry`). Keys and access patterns (also listed in infra/definitions.ts):
 * - report:  pk=NRC#{digits} sk=REPORT#{created_at}#{id}; gsi1pk=REPORT gsi1sk={created_at}#{id} (latest first)
 * - summary: pk=NRC#{digits} sk=SUMMARY, written in the same transaction as each report; it lists the sort keys
 *   of the NRC's reports, so a search is BatchGets of summaries then one BatchGet of a page's reports.
 * - digest:  pk=DIGEST#{bucket} sk=DIGEST, nrcs = String Set of the digits of every reported NRC whose hash falls in
 *   that bucket (1,024 buckets), written in the same transaction. Checking 250,000 NRCs reads at most 1,024 small
 *   items in ~11 BatchGets instead of 2,500 BatchGets of summaries (DynamoDB Local serves ~10k keys a second).
 *   Good up to a few million reported NRCs (a bucket item stays well under 400 KB).
 * - request: pk=REQUEST#{user_sub}#{request_id} sk=REQUEST, so a retried submission answers with its first report.
 * - pointer: pk=REPORTID#{id} sk=REPORTID → the report's digits and sort key, so a report is found by its id.
 * A report leaves the registry (withdrawn or expired) in registry-lifecycle.ts.
 */
export interface StoredFile {
  path: string;
  name: string;
}

export interface StoredReport {
  id: string;
  created_at: string;
  fi_name: string;
  type: string;
  nrc: string;
  nrc_key: string;
  person_name: string;
  description: string;
  report_month: string;
  payee_key: string;
  files: StoredFile[];
  created_by: string;
  created_by_email: string;
  /** The filer's approved organisations when it was filed: their admins may withdraw it (issue 16 §2). */
  org_ids?: string[];
  /** Absent means active (reports filed before the lifecycle). */
  status?: ReportStatus;
  status_reason?: string;
  status_at?: string;
  status_by_email?: string | null;
  /** Issue 16 §1–2: a dispute of this lender's deduction from this borrower was upheld (lambdas/data/disputes.ts). */
  disputed?: { dispute_id: string; at: string };
}


/** Where one report lives: its NRC digits and sort key. */
export interface ReportRef {
  digits: string;
  sk: string;
}

const PARALLEL = 16;

export const reportSortKey = (createdAt: string, id: string) => `REPORT#${createdAt}#${id}`;
const requestKey = (userId: string, requestId: string) => ({ pk: `REQUEST#${userId}#${requestId}`, sk: 'REQUEST' });
export const reportPointerKey = (id: string) => ({ pk: `REPORTID#${id}`, sk: 'REPORTID' });

const BUSY = 'The fraud registry is busy; please try again in a moment.';
const batchGet = (keys: Record<string, unknown>[], projection?: string) => batchGetAll(tableName('registry'), keys, { projection, busy: BUSY });

/** The report already stored for this submission attempt, if any. */
export async function reportIdOfRequest(userId: string, requestId: string): Promise<string | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('registry'), Key: requestKey(userId, requestId), ConsistentRead: true }));
  return typeof out.Item?.report_id === 'string' ? out.Item.report_id : null;
}

export class DuplicateRequestError extends Error {}

/**
 * Stores a report and refreshes its NRC's summary in one transaction, so the registry check never sees
 * a report without its summary or the reverse. With a request id, a second store of it fails with
 * DuplicateRequestError and changes nothing.
 */
export async function putReport(report: StoredReport, requestId?: string): Promise<void> {
  const table = tableName('registry');
  const sk = reportSortKey(report.created_at, report.id);
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    {
      Put: {
        TableName: table,
        Item: { pk: `NRC#${report.nrc_key}`, sk, gsi1pk: 'REPORT', gsi1sk: `${report.created_at}#${report.id}`, ...report },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: table,
        Key: summaryKey(report.nrc_key),
        UpdateExpression:
          'SET nrc = :nrc, nrc_key = :digits, last_reported_at = :at, reports = list_append(if_not_exists(reports, :none), :sk) ADD report_count :one',
        ExpressionAttributeValues: { ':nrc': report.nrc, ':digits': report.nrc_key, ':at': report.created_at, ':none': [], ':sk': [sk], ':one': 1 },
      },
    },
    { Put: { TableName: table, Item: { ...reportPointerKey(report.id), digits: report.nrc_key, report_sk: sk } } },
    {
      Update: {
        TableName: table,
        Key: digestKey(digestBucket(report.nrc_key)),
        UpdateExpression: 'ADD nrcs :digits, known :digits',
        ExpressionAttributeValues: { ':digits': new Set([report.nrc_key]) },
      },
    },
  ];
  if (requestId) {
    items.push({
      Put: {
        TableName: table,
        Item: { ...requestKey(report.created_by, requestId), report_id: report.id, created_at: report.created_at },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  }
  try {
    // Two reports touching the same summary or digest bucket at once: the loser tries again.
    await retrying(() => dynamo.send(new TransactWriteCommand({ TransactItems: items })));
  } catch (error) {
    if (requestId && isConditionFailure(error, 4)) throw new DuplicateRequestError();
    throw error;
  }
}

/**
 * Which of these NRCs (digits) are in the digest: one read per distinct bucket touched (at most 1,024
 * items), membership tested in memory. `nrcs` holds the NRCs with an active report (what flags);
 * `known` every NRC ever reported (what search finds, with withdrawn and expired reports too).
 */
async function inDigest(digits: Iterable<string>, sets: readonly ('nrcs' | 'known')[]): Promise<Set<string>> {
  const unique = [...new Set(digits)].filter(Boolean);
  const buckets = [...new Set(unique.map(digestBucket))];
  const items = await batchGet(buckets.map(digestKey), `pk, ${sets.join(', ')}`);
  const members = new Map(items.map((item) => [String(item.pk), new Set(sets.flatMap((set) => [...((item[set] as Set<string> | undefined) ?? [])]))]));
  return new Set(unique.filter((d) => members.get(`DIGEST#${digestBucket(d)}`)?.has(d)));
}

/** Which of these NRCs (digits) have an active report: the registry check and file validation. Same answer as flaggedNrcDigits. */
export const flaggedByDigest = (digits: Iterable<string>) => inDigest(digits, ['nrcs']);

/** The reports, whatever their status, of each of these NRCs (digits) ever reported: the digest first, then only the hits' summaries. */
export async function reportRefsOf(digits: readonly string[]): Promise<{ matched: string[]; refs: ReportRef[] }> {
  // Digest items written before the lifecycle have no `known`: their `nrcs` are every NRC reported then.
  const hits = await inDigest(digits, ['nrcs', 'known']);
  const summaries = await batchGet([...hits].map(summaryKey), 'pk, reports');
  const matched: string[] = [];
  const refs: ReportRef[] = [];
  for (const summary of summaries) {
    const nrcDigits = String(summary.pk).slice('NRC#'.length);
    matched.push(nrcDigits);
    for (const sk of (summary.reports as string[] | undefined) ?? []) refs.push({ digits: nrcDigits, sk });
  }
  return { matched, refs };
}

/** The stored reports of these refs, in the order given. */
export async function getReports(refs: readonly ReportRef[]): Promise<StoredReport[]> {
  const items = await batchGet(refs.map((ref) => ({ pk: `NRC#${ref.digits}`, sk: ref.sk })));
  const byKey = new Map(items.map((item) => [`${String(item.pk)}|${String(item.sk)}`, item as unknown as StoredReport]));
  return refs.map((ref) => byKey.get(`NRC#${ref.digits}|${ref.sk}`)).filter((r): r is StoredReport => r !== undefined);
}

/** The latest reports, newest first; `after` is the gsi1sk to continue from. */
export async function latestReports(limit: number, after?: string): Promise<{ items: StoredReport[]; next: string | null }> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('registry'),
      IndexName: 'gsi1',
      KeyConditionExpression: after ? 'gsi1pk = :p AND gsi1sk < :after' : 'gsi1pk = :p',
      ExpressionAttributeValues: { ':p': 'REPORT', ...(after ? { ':after': after } : {}) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  const items = (out.Items ?? []) as unknown as StoredReport[];
  const last = items.at(-1);
  return { items, next: out.LastEvaluatedKey && last ? `${last.created_at}#${last.id}` : null };
}

/**
 * Puts these NRCs (digits) on the registry without filing reports: bare summary items, 25 a BatchWrite in
 * parallel, and the digest buckets, one update each. Seeds a large registry for the benchmark.
 */
export async function seedRegistry(digits: readonly string[], at = new Date().toISOString()): Promise<void> {
  const table = tableName('registry');
  const summaries = digits.map((d) => ({ ...summaryKey(d), nrc_key: d, report_count: 0, reports: [], last_reported_at: at }));
  await batchWriteAll(table, summaries, { busy: BUSY });
  const byBucket = new Map<number, string[]>();
  for (const d of digits) {
    const bucket = digestBucket(d);
    const members = byBucket.get(bucket);
    if (members) members.push(d);
    else byBucket.set(bucket, [d]);
  }
  await inParallel([...byBucket], PARALLEL, async ([bucket, members]) => {
    await dynamo.send(
      new UpdateCommand({ TableName: table, Key: digestKey(bucket), UpdateExpression: 'ADD nrcs :d', ExpressionAttributeValues: { ':d': new Set(members) } }),
    );
  });
}
