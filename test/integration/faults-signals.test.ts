import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { currentMonth, shiftMonth } from '#shared/rules/dates.js';
import { computeSignals } from '#shared/rules/signals.js';
import { faultInjector } from '../support/dynamo-faults.js';

/**
 * Faults for what the signals read: the borrower summaries ingestion keeps. Replayed and
 * concurrent ingestions, lenders writing the same borrowers at once, months ingested out of order,
 * throttled reads and a rejected submission: the records read are the same as after one clean run.
 */
const twin = inject('twin');
Object.assign(process.env, twin.env);
const { dynamo } = await import('#adapters/aws-clients.js');
const { readBorrowerRecords, nrcSummaryKey } = await import('#data/history/summaries.js');
const { writeSummaries } = await import('#data/history/summary-writes.js');
const injectFault = faultInjector(dynamo);
const docs = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: twin.env.AWS_ENDPOINT_URL_DYNAMODB,
    region: twin.env.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
);

const M = currentMonth();
let serial = 0;
/** Borrowers no other test uses: `count` NRCs with employee numbers of their own. */
function borrowers(count: number, installment = 100): CanonicalRow[] {
  const base = 100_000 + Math.floor(Math.random() * 800_000);
  const run = serial++;
  return Array.from({ length: count }, (_, i) => ({
    employee_no: `F${base}-${i}`,
    nrc: `${String(base + i * 7 + run).padStart(6, '0')}/${String(10 + (run % 80))}/1`,
    start_date: `${M}-01`,
    end_date: '2030-12-31',
    installment_amount: installment,
    amount: installment,
    payee_key: 'F001',
  }));
}
const source = (id: string, payeeKey: string, month = M) => ({
  submissionId: id,
  kind: 'inputs' as const,
  month,
  payeeKey,
  orgId: null,
  orgName: null,
  submittedAt: `${month}-02T08:00:00.000Z`,
});
const digitsOf = (rows: readonly CanonicalRow[]) => rows.map((row) => row.nrc!.replace(/\D/g, ''));
const stamp = () => `${Date.now()}-${serial++}`;
const summaryOf = async (row: CanonicalRow) =>
  (await docs.send(new GetCommand({ TableName: twin.env.TABLE_HISTORY, Key: nrcSummaryKey(row.nrc!.replace(/\D/g, '')) }))).Item;

describe('borrower summaries under faults', () => {
  it('replayed and concurrent ingestions of one submission leave exactly what one run leaves', async () => {
    const rows = borrowers(120);
    const id = `sum-replay-${stamp()}`;
    await writeSummaries(source(id, 'R001'), rows);
    const once = await Promise.all(rows.map(summaryOf));
    await Promise.all([writeSummaries(source(id, 'R001'), rows), writeSummaries(source(id, 'R001'), rows)]);
    await writeSummaries(source(id, 'R001'), rows);
    expect(await Promise.all(rows.map(summaryOf))).toEqual(once);
    const { records } = await readBorrowerRecords(digitsOf(rows));
    expect([...records.values()].every((entries) => entries.length === 1)).toBe(true);
  });

  it('two lenders writing the same borrowers at once both stay on record', async () => {
    const rows = borrowers(80);
    const [a, b] = [`sum-a-${stamp()}`, `sum-b-${stamp()}`];
    await Promise.all([writeSummaries(source(a, 'LA01'), rows), writeSummaries(source(b, 'LB01'), rows)]);
    const { records } = await readBorrowerRecords(digitsOf(rows));
    for (const digits of digitsOf(rows))
      expect(
        records
          .get(digits)
          ?.map((e) => e.payee_key)
          .sort(),
      ).toEqual(['LA01', 'LB01']);
  });

  it('months ingested out of order: the later month is the running deduction whatever the order of writes', async () => {
    const rows = borrowers(30);
    const [later, earlier] = [`sum-late-${stamp()}`, `sum-early-${stamp()}`];
    await writeSummaries(
      source(later, 'LO01', M),
      rows.map((row) => ({ ...row, installment_amount: 300 })),
    );
    await writeSummaries(source(earlier, 'LO01', shiftMonth(M, -1)), rows);
    const { records } = await readBorrowerRecords(digitsOf(rows));
    // Another lender's file for this month: the exposure reads LO01's deduction as 300, not 100.
    const report = computeSignals({
      kind: 'inputs',
      month: M,
      payeeKey: 'NEW1',
      rows,
      rowNumbers: rows.map((_, i) => i + 2),
      previous: null,
      stopped: [],
      records,
      employees: new Map(),
      limits: { max_lenders: 1, max_total: null },
    });
    expect(report.counts.exposure).toBe(rows.length);
    expect(report.signals.find((s) => s.type === 'EXPOSURE')?.message).toMatch(/^2 lenders deduct ZMW 400\.00 a month/);
  });

  it('a throttled DynamoDB (UnprocessedKeys) reads the same records', async () => {
    const rows = borrowers(250);
    await writeSummaries(source(`sum-throttle-${stamp()}`, 'LT01'), rows);
    const clean = await readBorrowerRecords(digitsOf(rows));
    const table = twin.env.TABLE_HISTORY!;
    let throttled = 0;
    const remove = injectFault('throttle-summaries', (command, input) => {
      const keys = command === 'BatchGetItemCommand' ? (input.RequestItems[table]?.Keys as unknown[] | undefined) : undefined;
      if (!keys || keys.length < 2) return null;
      throttled++;
      const half = Math.ceil(keys.length / 2);
      return {
        send: { RequestItems: { [table]: { ...input.RequestItems[table], Keys: keys.slice(0, half) } } },
        unprocessed: { UnprocessedKeys: { [table]: { ...input.RequestItems[table], Keys: keys.slice(half) } } },
      };
    });
    try {
      const throttledRead = await readBorrowerRecords(digitsOf(rows));
      expect(new Map([...throttledRead.records].sort())).toEqual(new Map([...clean.records].sort()));
    } finally {
      remove();
    }
    expect(throttled).toBeGreaterThan(2);
  });

  it('a rejected submission stops counting at once, without a rewrite of the summaries', async () => {
    const rows = borrowers(20);
    const id = `sum-rejected-${stamp()}`;
    await writeSummaries(source(id, 'LR01'), rows);
    const put = (status: string) => docs.send(new PutCommand({ TableName: twin.env.TABLE_SUBMISSIONS, Item: { pk: `SUB#${id}`, sk: 'META', id, status } }));
    await put('pending');
    expect((await readBorrowerRecords(digitsOf(rows))).records.get(digitsOf(rows)[0]!)).toHaveLength(1);
    await put('rejected');
    expect((await readBorrowerRecords(digitsOf(rows))).records.get(digitsOf(rows)[0]!)).toEqual([]);
  });
});
