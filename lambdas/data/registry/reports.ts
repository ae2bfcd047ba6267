import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { change, conditionOf, conditionsOf, updateOf } from '#adapters/dynamo/expressions.js';
import { queryOf, type ReadExpressions, readOf, sortKey } from '#adapters/dynamo/queries.js';
import { batchGetAll, isConditionFailure, retrying } from '#adapters/dynamo/toolkit.js';
import { REPORT_STATUSES } from '#shared/api/fraud.js';
import { digestBucket, digestKey } from './digest.js';
import { registrySummaryCodec, summaryKey, type RegistrySummaryRecord } from './nrc-summary.js';

/**
 * The fraud registry (table `registry`). Keys and access patterns (also listed in infra/definitions.ts):
 * - report:  pk=NRC#{digits} sk=REPORT#{created_at}#{id}; gsi1pk=REPORT gsi1sk={created_at}#{id} (latest first)
 * - summary: pk=NRC#{digits} sk=SUMMARY, written in the same transaction as each report; it lists the sort keys
 *   of the NRC's reports, so a search is BatchGets of summaries then one BatchGet of a page's reports.
 * - digest:  pk=DIGEST#{bucket} sk=DIGEST, nrcs = String Set of the digits of every reported NRC whose hash falls in
 *   that bucket (1,024 buckets), written in the same transaction. Checking 250,000 NRCs reads at most 1,024 small
 *   items in ~11 BatchGets instead of 2,500 BatchGets of summaries.
 *   Good up to a few million reported NRCs (a bucket item stays well under 400 KB).
 * - request: pk=REQUEST#{user_sub}#{request_id} sk=REQUEST, so a retried submission answers with its first report.
 * - pointer: pk=REPORTID#{id} sk=REPORTID → the report's digits and sort key, so a report is found by its id.
 * A report leaves the registry (withdrawn or expired) in lifecycle.ts.
 */
const storedFileSchema = z.object({ path: z.string(), name: z.string() });
export type StoredFile = z.infer<typeof storedFileSchema>;

// Readers default what the lists always defaulted: a report stored without attachments or a description.
export const reportSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  fi_name: z.string(),
  type: z.string(),
  nrc: z.string(),
  nrc_key: z.string(),
  person_name: z.string(),
  description: z.string().default(''),
  report_month: z.string(),
  payee_key: z.string(),
  files: z.array(storedFileSchema).default([]),
  created_by: z.string(),
  created_by_email: z.string(),
  /** The filer's approved organisations when it was filed: their admins may withdraw it. */
  org_ids: z.array(z.string()).optional(),
  /** Absent means active (reports filed before the lifecycle). */
  status: z.enum(REPORT_STATUSES).optional(),
  status_reason: z.string().optional(),
  status_at: z.string().optional(),
  status_by_email: z.string().nullable().optional(),
  /** A dispute of this lender's deduction from this borrower was upheld (lambdas/data/disputes/disputes.ts). */
  disputed: z.object({ dispute_id: z.string(), at: z.string() }).optional(),
});
export type StoredReport = z.output<typeof reportSchema>;

/** Where one report lives: its NRC digits and sort key. */
export interface ReportRef {
  digits: string;
  sk: string;
}

export const reportSortKey = (createdAt: string, id: string) => `REPORT#${createdAt}#${id}`;
export const reportCodec = defineCodec('fraud report', reportSchema, (r) => ({
  pk: `NRC#${r.nrc_key}`,
  sk: reportSortKey(r.created_at, r.id),
  gsi1pk: 'REPORT',
  gsi1sk: `${r.created_at}#${r.id}`,
}));
const requestKey = (userId: string, requestId: string) => ({ pk: `REQUEST#${userId}#${requestId}`, sk: 'REQUEST' });
export const reportPointerKey = (id: string) => ({ pk: `REPORTID#${id}`, sk: 'REPORTID' });
/**
 * A digest bucket's String Sets (the document client reads them as Sets of strings, so members are not
 * checked one by one: a bucket holds thousands); `known` is absent on buckets written before the lifecycle.
 */
const stringSet = z.custom<ReadonlySet<string>>((value) => value instanceof Set);
const digestSchema = z.object({ pk: z.string(), nrcs: stringSet.optional(), known: stringSet.optional() });
export type DigestRecord = z.output<typeof digestSchema>;
const digestCodec = defineCodec('registry digest', digestSchema);
/** The request item: which report a submission attempt stored. */
interface RequestRecord {
  report_id: string;
  created_at: string;
}

const BUSY = 'The fraud registry is busy; please try again in a moment.';
const batchGet = (keys: Record<string, unknown>[], projection?: ReadExpressions) => batchGetAll(tableName('registry'), keys, { projection, busy: BUSY });

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
      Put: { TableName: table, Item: reportCodec.build(report), ...conditionOf(conditionsOf<StoredReport>().missing('pk')) },
    },
    {
      Update: {
        TableName: table,
        Key: summaryKey(report.nrc_key),
        ...updateOf<RegistrySummaryRecord>({
          nrc: report.nrc,
          nrc_key: report.nrc_key,
          last_reported_at: report.created_at,
          reports: change.append([sk]),
          report_count: change.add(1),
        }),
      },
    },
    { Put: { TableName: table, Item: { ...reportPointerKey(report.id), digits: report.nrc_key, report_sk: sk } } },
    {
      Update: {
        TableName: table,
        Key: digestKey(digestBucket(report.nrc_key)),
        ...updateOf<DigestRecord>({ nrcs: change.addMembers(new Set([report.nrc_key])), known: change.addMembers(new Set([report.nrc_key])) }),
      },
    },
  ];
  if (requestId) {
    items.push({
      Put: {
        TableName: table,
        Item: { ...requestKey(report.created_by, requestId), report_id: report.id, created_at: report.created_at },
        ...conditionOf(conditionsOf<RequestRecord>().missing('pk')),
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
async function inDigest(values: readonly string[], sets: readonly ('nrcs' | 'known')[], digitsOf = (value: string) => value): Promise<Set<string>> {
  // Read twice (the buckets, then the hits), each value's digits made as it is read: a file's million NRCs
  // make no array or set of their own.
  const buckets = new Set<number>();
  for (const value of values) {
    const d = digitsOf(value);
    if (d) buckets.add(digestBucket(d));
  }
  const items = digestCodec.parseAll(await batchGet([...buckets].map(digestKey), readOf<DigestRecord>({ project: ['pk', ...sets] })));
  const members = new Map(items.map((item) => [item.pk, new Set(sets.flatMap((set) => [...(item[set] ?? [])]))]));
  const hits = new Set<string>();
  for (const value of values) {
    const d = digitsOf(value);
    if (d && members.get(`DIGEST#${digestBucket(d)}`)?.has(d)) hits.add(d);
  }
  return hits;
}

/**
 * Which of these NRCs (digits, or `digitsOf` each value) have an active report: the registry check and file validation.
 * Same answer as flaggedNrcDigits.
 */
export const flaggedByDigest = (values: readonly string[], digitsOf?: (value: string) => string) => inDigest(values, ['nrcs'], digitsOf);

/** The reports, whatever their status, of each of these NRCs (digits) ever reported: the digest first, then only the hits' summaries. */
export async function reportRefsOf(digits: readonly string[]): Promise<{ matched: string[]; refs: ReportRef[] }> {
  // Digest items written before the lifecycle have no `known`: their `nrcs` are every NRC reported then.
  const hits = await inDigest(digits, ['nrcs', 'known']);
  const summaries = registrySummaryCodec.parseAll(await batchGet([...hits].map(summaryKey), readOf<RegistrySummaryRecord>({ project: ['pk', 'reports'] })));
  const matched: string[] = [];
  const refs: ReportRef[] = [];
  for (const summary of summaries) {
    const nrcDigits = summary.pk.slice('NRC#'.length);
    matched.push(nrcDigits);
    for (const sk of summary.reports) refs.push({ digits: nrcDigits, sk });
  }
  return { matched, refs };
}

/** The stored reports of these refs, in the order given. */
export async function getReports(refs: readonly ReportRef[]): Promise<StoredReport[]> {
  const items = await batchGet(refs.map((ref) => ({ pk: `NRC#${ref.digits}`, sk: ref.sk })));
  const byKey = new Map(items.map((item) => [`${String(item.pk)}|${String(item.sk)}`, item]));
  return reportCodec.parseAll(
    refs.flatMap((ref) => {
      const item = byKey.get(`NRC#${ref.digits}|${ref.sk}`);
      return item ? [item] : [];
    }),
  );
}

/** The latest reports, newest first; `after` is the gsi1sk to continue from. */
export async function latestReports(limit: number, after?: string): Promise<{ items: StoredReport[]; next: string | null }> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('registry'),
      ...queryOf({ IndexName: 'gsi1', pk: 'REPORT', ...(after ? { sk: sortKey.below(after) } : {}) }),
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  // The cursor is the last item read, shown or not: a malformed report is skipped, never read again.
  const last = out.Items?.at(-1)?.gsi1sk;
  return { items: reportCodec.parseAll(out.Items), next: out.LastEvaluatedKey && typeof last === 'string' ? last : null };
}
