import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { S3Event } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { inParallel } from '#lib/concurrency.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { currentMonth } from '#shared/rules/dates.js';
import { startDynamoDb, provisionTables } from '../../infra/local/dynamodb.js';
import { freePort } from '../../infra/local/ports.js';
import { encodeEventKey } from '../../infra/local/s3-events.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey } from '../fixtures/submissions/directory.js';
import { inputsRows, nrcOf, workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { expectStatus } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { faultInjector } from '../support/dynamo-faults.js';

/**
 * Faults: events delivered twice and out of order, DynamoDB throttling (UnprocessedItems),
 * a run killed part-way and retried, and DynamoDB itself restarted mid-run. Nothing lost, nothing
 * duplicated, counts unchanged. (Events that keep failing go to the dead-letter queue: infra tests.)
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const month = currentMonth();

Object.assign(process.env, twin.env);
const { dynamo } = await import('#adapters/aws-clients.js');
const { ingestRows } = await import('#data/history/entries.js');
const ingestSubmission = (await import('../../lambdas/events/ingest-submission.js')).handler;
const { getCounter, counterPeriods } = await import('#data/submissions/counters.js');

/** Twelve BatchWriteItems of 25 history items: enough to throttle, and for a run killed after its eighth to stop part-way. */
const ROWS = 300;
let serial = 0;
/** Rows of distinct borrowers no other test uses. */
function rows(count = ROWS): CanonicalRow[] {
  const base = 500_000 + Math.floor(Math.random() * 400_000);
  const run = serial++;
  return Array.from({ length: count }, (_, i) => ({
    employee_no: `E${i}`,
    nrc: `${String(base + i * 3 + run).padStart(6, '0')}/${String(10 + (run % 80))}/1`,
    start_date: `${month}-01`,
    end_date: '2030-12-31',
    installment_amount: 100 + i,
    amount: 100 + i,
    payee_key: 'F001',
  }));
}
const source = (id: string) => ({
  submissionId: id,
  kind: 'inputs' as const,
  month,
  payeeKey: 'F001',
  orgId: null,
  orgName: null,
  submittedAt: new Date().toISOString(),
});

/** The month's deductions stored for these rows' borrowers, 16 partitions asked at a time. */
async function storedCount(client: DynamoDBDocumentClient, table: string, list: readonly CanonicalRow[]): Promise<number> {
  let found = 0;
  await inParallel(list, 16, async (row) => {
    // The month's deductions: the partition also holds the borrower's record (sk=RECORD).
    const out = await client.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :month)',
        ExpressionAttributeValues: { ':pk': `NRC#${row.nrc!.replace(/\D/g, '')}`, ':month': `${month}#` },
      }),
    );
    found += out.Count ?? 0;
  });
  return found;
}
const twinDocs = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: twin.env.AWS_ENDPOINT_URL_DYNAMODB,
    region: twin.env.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
);

const injectFault = faultInjector(dynamo);

describe('DynamoDB throttling', () => {
  it('retries UnprocessedItems and UnprocessedKeys until every row is stored once, with the right counts', async () => {
    const list = rows();
    const table = twin.env.TABLE_HISTORY!;
    let throttled = 0;
    const remove = injectFault('throttle', (command, input) => {
      if (command === 'BatchWriteItemCommand') {
        const requests = input.RequestItems[table] as unknown[];
        if (requests.length < 2) return null;
        throttled++;
        const half = Math.ceil(requests.length / 2);
        return { send: { RequestItems: { [table]: requests.slice(0, half) } }, unprocessed: { UnprocessedItems: { [table]: requests.slice(half) } } };
      }
      if (command === 'BatchGetItemCommand') {
        const keys = input.RequestItems[table]?.Keys as unknown[] | undefined;
        if (!keys || keys.length < 2) return null;
        const half = Math.ceil(keys.length / 2);
        return {
          send: { RequestItems: { [table]: { ...input.RequestItems[table], Keys: keys.slice(0, half) } } },
          unprocessed: { UnprocessedKeys: { [table]: { ...input.RequestItems[table], Keys: keys.slice(half) } } },
        };
      }
      return null;
    });
    try {
      expect(await ingestRows(source(`throttled-${Date.now()}`), list)).toEqual({ inserted: ROWS, updated: 0, skipped: 0 });
    } finally {
      remove();
    }
    expect(throttled).toBeGreaterThan(10);
    expect(await storedCount(twinDocs, table, list)).toBe(ROWS);
  });
});

describe('a run killed part-way', () => {
  it('is retried and counts exactly as a run that never failed', async () => {
    const list = rows();
    const id = `killed-${Date.now()}`;
    let writes = 0;
    const remove = injectFault('kill', (command) => (command === 'BatchWriteItemCommand' && ++writes > 8 ? 'fail' : null));
    try {
      await expect(ingestRows(source(id), list)).rejects.toThrow();
    } finally {
      remove();
    }
    const partial = await storedCount(twinDocs, twin.env.TABLE_HISTORY!, list);
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(ROWS);
    // The retry (the S3 event delivered again) finds some rows written by this same submission.
    expect(await ingestRows(source(id), list)).toEqual({ inserted: ROWS, updated: 0, skipped: 0 });
    expect(await storedCount(twinDocs, twin.env.TABLE_HISTORY!, list)).toBe(ROWS);
  });
});

describe('S3 events delivered twice, at once and out of order', () => {
  it('ingest once: one set of history rows, one count, one addition to the dashboard counters', async () => {
    // Prepare: an organisation's member uploads and submits a file.
    const org = await seedOrganisation(twin, uniquePayeeKey());
    const user = await createUser(twin, ['fi_admin']);
    const { idToken } = await signIn(twin, user.email, user.password);
    await seedMembership(twin, org, subOf(idToken));
    const nrcs = [nrcOf(1, 700_000 + serial * 10), nrcOf(2, 700_000 + serial * 10), nrcOf(3, 700_000 + serial * 10)];
    serial++;
    const file = workbook(inputsRows(month, org.payeeKey, nrcs));
    const upload = await api.upload(
      idToken,
      { doc_kind: 'inputs', month, payee_key: org.payeeKey, file_name: 'twice.xlsx', size: file.length, content_type: XLSX_MIME },
      file,
    );
    // An ingestion event for a submission that does not exist yet (out of order) is ignored, not failed.
    const early: S3Event = {
      Records: [{ s3: { bucket: { name: twin.env.BUCKET_UPLOADS }, object: { key: encodeEventKey(`ingest/${upload.id}.json`), size: 1 } } }],
    } as unknown as S3Event;
    await expect(ingestSubmission(early)).resolves.toBeUndefined();
    const submitted = await api.submit(idToken, upload.id);
    expectStatus(submitted, 200);

    // Act: the same event twice at once, then again after the twin's own delivery.
    await Promise.all([ingestSubmission(early), ingestSubmission(early)]);
    const done = await api.waitForIngestion(idToken, upload.id);
    await ingestSubmission(early);

    // Assess
    expect(done.counts).toEqual({ inserted: 3, updated: 0, skipped: 0 });
    expect((await api.waitForIngestion(idToken, upload.id)).counts).toEqual({ inserted: 3, updated: 0, skipped: 0 });
    expect(
      await storedCount(
        twinDocs,
        twin.env.TABLE_HISTORY!,
        nrcs.map((nrc) => ({ nrc }) as CanonicalRow),
      ),
    ).toBe(3);
    const monthly = await getCounter(`ORG#${org.orgId}`, counterPeriods(done.created_at)[1]!);
    expect(monthly).toMatchObject({ submissions: 1, inputs_rows: 3, stoppages_rows: 0 });
  });
});

describe('DynamoDB restarted mid-run', () => {
  let dataDir: string;
  let port: number;
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'faults-ddb-'));
    port = await freePort();
    stop = (await startDynamoDb(dataDir, port)).stop;
  }, 120_000);

  afterAll(async () => {
    await stop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses nothing and duplicates nothing: the retry after the restart completes the run with the same counts', { timeout: 300_000 }, async () => {
    // A second DynamoDB Local of our own (data on disk), so restarting it disturbs no other test.
    const endpoint = `http://127.0.0.1:${port}`;
    const raw = new DynamoDBClient({ endpoint, region: twin.env.AWS_REGION, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const tables = await provisionTables(raw);
    const docs = DynamoDBDocumentClient.from(raw);
    const list = rows(3_000);
    const id = `restarted-${Date.now()}`;
    // The repositories, loaded afresh with this DynamoDB in their environment (as a Lambda's would be).
    const saved = process.env.AWS_ENDPOINT_URL_DYNAMODB;
    process.env.AWS_ENDPOINT_URL_DYNAMODB = endpoint;
    vi.resetModules();
    const fresh = (await import('#data/history/entries.js')).ingestRows;
    expect(tables.TABLE_HISTORY).toBe(twin.env.TABLE_HISTORY);
    try {
      // Act: restart DynamoDB while the rows are being written; the interrupted run may fail or ride it out.
      let settled = false;
      const run = fresh(source(id), list)
        .then(
          (counts) => ({ counts }),
          (error: Error) => ({ error }),
        )
        .finally(() => (settled = true));
      // Once the first rows are on disk, DynamoDB goes down and comes back.
      while (((await docs.send(new ScanCommand({ TableName: tables.TABLE_HISTORY!, Select: 'COUNT' }))).Count ?? 0) === 0)
        await new Promise((r) => setTimeout(r, 20));
      const interrupted = !settled;
      await stop!();
      stop = (await startDynamoDb(dataDir, port)).stop;
      await run;
      const retried = await fresh(source(id), list);

      // Assess
      expect(interrupted).toBe(true);
      expect(retried).toEqual({ inserted: list.length, updated: 0, skipped: 0 });
      expect(await storedCount(docs, tables.TABLE_HISTORY!, list)).toBe(list.length);
    } finally {
      process.env.AWS_ENDPOINT_URL_DYNAMODB = saved;
      // The files after this one share its module graph: they load the repositories again, with the twin's DynamoDB.
      vi.resetModules();
    }
  });
});
