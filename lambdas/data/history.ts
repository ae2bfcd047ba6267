import { BatchGetCommand, type BatchGetCommandOutput, BatchWriteCommand, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { IngestionCounts } from '../../shared/api/submissions.js';
import type { CanonicalRow } from '../../shared/rules/canonical-row.js';
import { normaliseNrc, nrcDigits } from '../../shared/rules/nrc.js';
import type { SubmissionKind } from '../../shared/rules/submission-rules.js';
import { dynamo, tableName } from './clients.js';

/**
 * Borrower history: pk=NRC#{digits} sk={month}#{payee_key}#{kind}, kind 'input' or 'stoppage'.
 * One item per borrower, payee key, month and kind, so a later submission of the same month updates
 * the item instead of adding one; a borrower's last 3 months are one Query on pk with sk between months.
 * Each item remembers which submission wrote it and whether an item was there before
 * (`ingest_prior`), so running the same ingestion again reports the same counts.
 */
export interface HistorySource {
  submissionId: string;
  kind: SubmissionKind;
  month: string;
  payeeKey: string;
  orgId: string | null;
  orgName: string | null;
  submittedAt: string;
}

type Prior = 'new' | 'existing';
type Item = Record<string, unknown> & { pk: string; sk: string; ingest_prior?: Prior };

const GET_BATCH = 100; // BatchGetItem's own limit
const WRITE_BATCH = 25; // BatchWriteItem's own limit
const PARALLEL = 16;
/** NRCs shorter than this are not a borrower's number (part 2: NRC minimum 6 digits). */
const MIN_NRC_DIGITS = 6;

export const historyKind = (kind: SubmissionKind): 'input' | 'stoppage' => (kind === 'inputs' ? 'input' : 'stoppage');
export const historyKey = (digits: string, month: string, payeeKey: string, kind: SubmissionKind) => ({
  pk: `NRC#${digits}`,
  sk: `${month}#${payeeKey}#${historyKind(kind)}`,
});

/** The history items of a file's rows, one per key (the first row wins), and how many rows were skipped. */
export function historyItems(source: HistorySource, rows: readonly CanonicalRow[]): { items: Item[]; skipped: number } {
  const items = new Map<string, Item>();
  let skipped = 0;
  for (const row of rows) {
    const digits = nrcDigits(row.nrc);
    const key = historyKey(digits, source.month, source.payeeKey, source.kind);
    const id = `${key.pk}|${key.sk}`;
    if (digits.length < MIN_NRC_DIGITS || items.has(id)) {
      skipped++;
      continue;
    }
    items.set(id, {
      ...key,
      nrc: normaliseNrc(row.nrc),
      employee_no: row.employee_no,
      first_name: row.first_name,
      last_name: row.last_name,
      start_date: row.start_date,
      end_date: row.end_date,
      installment: row.installment_amount,
      payee_key: source.payeeKey,
      kind: historyKind(source.kind),
      month: source.month,
      org_id: source.orgId,
      org_name: source.orgName,
      submission_id: source.submissionId,
      submitted_at: source.submittedAt,
    });
  }
  return { items: [...items.values()], skipped };
}

const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));

/** What is stored now for these keys: the submission that wrote each item and what it found there. */
async function storedPriors(table: string, items: readonly Item[]): Promise<Map<string, { submission_id?: string; ingest_prior?: Prior }>> {
  const found = new Map<string, { submission_id?: string; ingest_prior?: Prior }>();
  let keys: Record<string, unknown>[] = items.map(({ pk, sk }) => ({ pk, sk }));
  for (let attempt = 0; keys.length; attempt++) {
    if (attempt >= 10) throw new Error('Borrower history is busy; ingestion will be retried.');
    if (attempt) await pause(attempt);
    const out: BatchGetCommandOutput = await dynamo.send(
      new BatchGetCommand({ RequestItems: { [table]: { Keys: keys, ProjectionExpression: 'pk, sk, submission_id, ingest_prior', ConsistentRead: true } } }),
    );
    for (const item of out.Responses?.[table] ?? []) found.set(`${item.pk}|${item.sk}`, item);
    keys = (out.UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined) ?? [];
  }
  return found;
}

async function writeBatch(table: string, items: readonly Item[]): Promise<void> {
  let requests: NonNullable<BatchWriteCommandOutput['UnprocessedItems']>[string] = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; requests.length; attempt++) {
    if (attempt >= 10) throw new Error('Borrower history is busy; ingestion will be retried.');
    if (attempt) await pause(attempt);
    const out: BatchWriteCommandOutput = await dynamo.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
    requests = out.UnprocessedItems?.[table] ?? [];
  }
}

/**
 * Writes the rows of a submission into borrower history and counts them against what was stored
 * before this submission first ran: reads 100 keys at a time, then writes them 25 at a time, 16 chunks
 * in parallel, retrying unprocessed items. Safe to run again, in part or in full.
 */
export async function ingestRows(source: HistorySource, rows: readonly CanonicalRow[]): Promise<IngestionCounts> {
  const table = tableName('history');
  const { items, skipped } = historyItems(source, rows);
  const counts: IngestionCounts = { inserted: 0, updated: 0, skipped };
  const chunks: Item[][] = [];
  for (let i = 0; i < items.length; i += GET_BATCH) chunks.push(items.slice(i, i + GET_BATCH));

  const runChunk = async (chunk: Item[]) => {
    const stored = await storedPriors(table, chunk);
    for (const item of chunk) {
      const before = stored.get(`${item.pk}|${item.sk}`);
      // An item this submission already wrote keeps what it found the first time.
      item.ingest_prior = !before ? 'new' : before.submission_id === source.submissionId ? (before.ingest_prior ?? 'existing') : 'existing';
      if (item.ingest_prior === 'new') counts.inserted++;
      else counts.updated++;
    }
    const writes: Promise<void>[] = [];
    for (let i = 0; i < chunk.length; i += WRITE_BATCH) writes.push(writeBatch(table, chunk.slice(i, i + WRITE_BATCH)));
    await Promise.all(writes);
  };

  let next = 0;
  const worker = async () => {
    while (next < chunks.length) await runChunk(chunks[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, chunks.length) }, worker));
  return counts;
}
