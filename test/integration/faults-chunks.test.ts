import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it, vi } from 'vitest';
import { inParallel } from '#lib/concurrency.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { currentMonth } from '#shared/rules/dates.js';
import { faultInjector } from '../support/dynamo-faults.js';

/**
 * Faults of the chunked ingestion (lambdas/events/ingest-chunk.ts): a chunk killed part-way and retried
 * alone, a chunk replayed, chunks landing out of order and at once, and the run that records the counts
 * failing after the last chunk landed. Each time: every row once in history, the submission's counts
 * exactly those of a clean run, and the dashboard counted once.
 */
const twin = inject('twin');
Object.assign(process.env, twin.env);
// Its own module graph's clients and ingestion (a shard's files share one, decision 0243): the faults injected below
// reach this file's calls only, whatever an earlier file left on the shared clients.
vi.resetModules();
const { dynamo } = await import('#adapters/aws-clients.js');
const { ingestChunk } = await import('../../lambdas/events/ingest-chunk.js');
const { splitRows } = await import('#data/ingestion/layout.js');
const { readProgress, startProgress } = await import('#data/ingestion/progress.js');
const { getCounter, counterPeriods } = await import('#data/submissions/counters.js');
type Submission = import('#data/submissions/submissions.js').SubmissionRecord;

const docs = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: twin.env.AWS_ENDPOINT_URL_DYNAMODB,
    region: twin.env.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
);
const injectFault = faultInjector(dynamo);
const month = currentMonth();
/** Thirty rows a chunk: more than one BatchWriteItem (25 items) each, so a chunk can die part-way. */
const ROWS = 120;
const CHUNKS = 4;
/** Rows the file had that validation did not pass on: skipped, counted once. */
const LEFT_OUT = 3;
let serial = 0;

/** A submitted file of ROWS borrowers no other test names (one with two loans), its progress started by the split. */
async function submitted(): Promise<{ submission: Submission; chunks: CanonicalRow[][] }> {
  const base = 100_000 + Math.floor(Math.random() * 800_000);
  const run = serial++;
  const rows: CanonicalRow[] = Array.from({ length: ROWS }, (_, i) => ({
    employee_no: `K${base}-${i}`,
    nrc: `${String(base + (i === 1 ? 0 : i) * 13).padStart(6, '0')}/${String(10 + (run % 80))}/1`,
    start_date: `${month}-01`,
    end_date: '2030-12-31',
    installment_amount: 100 + i,
    amount: 100 + i,
    payee_key: 'K001',
  }));
  const id = randomUUID();
  const submission: Submission = {
    ...{
      id,
      created_at: new Date().toISOString(),
      status: 'pending',
      doc_kind: 'inputs',
      payee_key: 'K001',
      upload_month: month,
      bucket: twin.env.BUCKET_UPLOADS!,
      file_kind: 'inputs',
    },
    ...{
      file_key: `${month}/K001/inputs/chunks.xlsx`,
      file_name: 'chunks.xlsx',
      row_count: ROWS + LEFT_OUT,
      parsed_rows: ROWS,
      org_id: randomUUID(),
      org_name: 'Chunk Bank',
      upload_id: id,
    },
    ...{ submitted_by: 'tester', submitted_by_email: 'tester@example.zm', ingestion_status: 'pending' },
  };
  await docs.send(new PutCommand({ TableName: twin.env.TABLE_SUBMISSIONS, Item: { pk: `SUB#${id}`, sk: 'META', ...submission } }));
  await startProgress(id, { chunks: CHUNKS, skipped_before: LEFT_OUT });
  const chunks = splitRows(rows, CHUNKS);
  // The two loans of one borrower travel together; every chunk has rows.
  expect(chunks.filter((chunk) => chunk.some((row) => row.employee_no === `K${base}-1`))[0]!.some((row) => row.employee_no === `K${base}-0`)).toBe(true);
  expect(chunks.every((chunk) => chunk.length > 0)).toBe(true);
  return { submission, chunks };
}

const CLEAN = { inserted: ROWS, updated: 0, skipped: LEFT_OUT };
const stored = async (submission: Submission) =>
  (await docs.send(new GetCommand({ TableName: twin.env.TABLE_SUBMISSIONS, Key: { pk: `SUB#${submission.id}`, sk: 'META' }, ConsistentRead: true })))
    .Item as Submission;
/** History items of the file's month for these rows' borrowers, their loans counted. */
async function historyRows(chunks: CanonicalRow[][]): Promise<number> {
  const digits = [...new Set(chunks.flat().map((row) => row.nrc!.replace(/\D/g, '')))];
  let rows = 0;
  await inParallel(digits, 16, async (d) => {
    const out = await docs.send(
      new QueryCommand({
        TableName: twin.env.TABLE_HISTORY,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :m)',
        ExpressionAttributeValues: { ':pk': `NRC#${d}`, ':m': `${month}#` },
      }),
    );
    for (const item of out.Items ?? []) rows += Array.isArray(item.loans) ? item.loans.length : 1;
  });
  return rows;
}
const dashboard = async (submission: Submission) => (await getCounter(`ORG#${submission.org_id}`, counterPeriods(submission.created_at)[1]!)).inputs_rows;

describe('a chunk killed part-way', () => {
  it('is retried alone and the submission counts exactly as a clean run', async () => {
    const { submission, chunks } = await submitted();
    // The largest chunk is killed: rows go to chunks by their borrower's hash, so only the largest is sure to hold
    // more borrowers than one BatchWriteItem takes (at least 30 of the 119), and so to die after its first write.
    const killed = chunks.reduce((largest, chunk, i) => (chunk.length > chunks[largest]!.length ? i : largest), 0);
    const others = [0, 1, 2, 3].filter((i) => i !== killed);
    for (const i of others) await ingestChunk(submission, i, chunks[i]!);
    let writes = 0;
    const remove = injectFault('kill-chunk', (command) => (command === 'BatchWriteItemCommand' && ++writes > 1 ? 'fail' : null));
    try {
      await expect(ingestChunk(submission, killed, chunks[killed]!)).rejects.toThrow();
    } finally {
      remove();
    }
    expect(writes).toBeGreaterThan(1);
    // The others stand; nothing is counted yet.
    expect((await readProgress(submission.id))?.landed).toEqual(new Set(others));
    expect((await stored(submission)).counts).toBeUndefined();

    await ingestChunk(submission, killed, chunks[killed]!);

    expect((await stored(submission)).counts).toEqual(CLEAN);
    expect(await historyRows(chunks)).toBe(ROWS);
    expect(await dashboard(submission)).toBe(ROWS);
  });
});

describe('a chunk replayed', () => {
  it('adds nothing: before the last lands, after it, and twice at once', async () => {
    const { submission, chunks } = await submitted();
    await ingestChunk(submission, 0, chunks[0]!);
    await Promise.all([ingestChunk(submission, 0, chunks[0]!), ingestChunk(submission, 0, chunks[0]!)]);
    expect(await readProgress(submission.id)).toMatchObject({ landed: new Set([0]), inserted: chunks[0]!.length, updated: 0, skipped: 0 });
    for (const i of [1, 2, 3]) await ingestChunk(submission, i, chunks[i]!);
    await ingestChunk(submission, 2, chunks[2]!);

    expect((await stored(submission)).counts).toEqual(CLEAN);
    expect(await readProgress(submission.id)).toMatchObject({ landed: new Set([0, 1, 2, 3]), inserted: ROWS });
    expect(await historyRows(chunks)).toBe(ROWS);
    expect(await dashboard(submission)).toBe(ROWS);
  });
});

describe('chunks landing out of order and at once', () => {
  it('record the counts once, whichever lands last', async () => {
    const { submission, chunks } = await submitted();
    await ingestChunk(submission, 3, chunks[3]!);
    await ingestChunk(submission, 1, chunks[1]!);
    // The last two at the same moment, each delivered twice.
    await Promise.all([0, 2, 0, 2].map((i) => ingestChunk(submission, i, chunks[i]!)));

    expect((await stored(submission)).counts).toEqual(CLEAN);
    expect(await historyRows(chunks)).toBe(ROWS);
    expect(await dashboard(submission)).toBe(ROWS);
  });
});

describe("the last chunk's count", () => {
  it('is recorded exactly once, by the retry, when recording it failed after the chunk landed', async () => {
    const { submission, chunks } = await submitted();
    for (const i of [0, 1, 2]) await ingestChunk(submission, i, chunks[i]!);
    const remove = injectFault('fail-finish', (command) => (command === 'TransactWriteItemsCommand' ? 'fail' : null));
    try {
      await expect(ingestChunk(submission, 3, chunks[3]!)).rejects.toThrow();
    } finally {
      remove();
    }
    expect((await readProgress(submission.id))?.landed?.size).toBe(CHUNKS);
    expect((await stored(submission)).counts).toBeUndefined();

    // The event is delivered again (and once more after that).
    await ingestChunk(submission, 3, chunks[3]!);
    await ingestChunk(submission, 3, chunks[3]!);

    expect((await stored(submission)).counts).toEqual(CLEAN);
    expect((await stored(submission)).ingestion_message).toBe(`Submissions updated — inserted ${ROWS}, updated 0, skipped ${LEFT_OUT}.`);
    expect(await dashboard(submission)).toBe(ROWS);
  });
});
