import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { employeeNumbersOnRecord } from '#shared/rules/borrower-record.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { currentMonth, shiftMonth } from '#shared/rules/dates.js';

/**
 * The borrower summaries' compaction and the employee-number writes it spares, through the real writer on
 * the twin's DynamoDB: a compaction that loses its race to another writer's is planned again from a fresh
 * read (nothing lost, nothing folded twice); an employee number's summary is written while its pair with
 * the NRC rests on a pending or rejected submission, and no longer once a decided one holds it.
 */
const twin = inject('twin');
Object.assign(process.env, twin.env);
const { dynamo } = await import('#adapters/aws-clients.js');
const { readBorrowerRecords, nrcSummaryKey } = await import('#data/history/summaries.js');
const { writeSummaries } = await import('#data/history/summary-writes.js');
const { KEPT_MONTHS } = await import('#data/history/summary-compaction.js');
const docs = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: twin.env.AWS_ENDPOINT_URL_DYNAMODB,
    region: twin.env.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
);

const M = currentMonth();
const OLD = shiftMonth(M, -KEPT_MONTHS - 1);
let serial = 0;
const stamp = () => `${Date.now()}-${serial++}`;
function borrowers(count: number, prefix: string): CanonicalRow[] {
  const base = 100_000 + Math.floor(Math.random() * 800_000);
  return Array.from({ length: count }, (_, i) => ({
    employee_no: `${prefix}${base}-${i}`,
    nrc: `${String(base + i * 11).padStart(6, '0')}/${String(10 + (serial % 80))}/1`,
    start_date: `${M}-01`,
    end_date: '2030-12-31',
    installment_amount: 100,
    amount: 100,
    payee_key: 'F001',
    first_name: 'Jane',
    last_name: 'Banda',
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
const digitsOf = (row: CanonicalRow) => row.nrc!.replace(/\D/g, '');
const recordOf = async (row: CanonicalRow) =>
  (await docs.send(new GetCommand({ TableName: twin.env.TABLE_HISTORY, Key: nrcSummaryKey(digitsOf(row)), ConsistentRead: true }))).Item!;
const decide = (id: string, status: string) =>
  docs.send(new PutCommand({ TableName: twin.env.TABLE_SUBMISSIONS, Item: { pk: `SUB#${id}`, sk: 'META', id, status } }));

describe('compaction under a race', () => {
  it('plans again from a fresh read when another writer compacted first: its fold and this one both stay', async () => {
    // Prepare: a borrower on record since long ago, through a decided submission.
    const [row] = borrowers(1, 'C') as [CanonicalRow];
    const old = `cmp-old-${stamp()}`;
    await writeSummaries(source(old, 'LC01', OLD), [row]);
    await decide(old, 'approved');
    // A rival writer compacts the record between this writer's read and its update.
    const key = nrcSummaryKey(digitsOf(row));
    let raced = 0;
    const name = 'race-compaction';
    dynamo.middlewareStack.add(
      (next, context) => async (args) => {
        // The client's own command, as the document client sends it.
        const input = args.input as { Key?: { pk?: string }; ConditionExpression?: string };
        if (context.commandName === 'UpdateItemCommand' && input.Key?.pk === key.pk && input.ConditionExpression && raced++ === 0) {
          await docs.send(
            new UpdateCommand({
              TableName: twin.env.TABLE_HISTORY,
              Key: key,
              UpdateExpression: 'SET c = :c, v = :v',
              ExpressionAttributeValues: { ':c': { e: { RIVAL1: '2001-01' }, n: {} }, ':v': 7 },
            }),
          );
        }
        return next(args);
      },
      { step: 'initialize', name },
    );
    const now = `cmp-now-${stamp()}`;
    try {
      // Act
      await writeSummaries(source(now, 'LA01'), [row]);
    } finally {
      dynamo.middlewareStack.remove(name);
    }

    // Assess: the lost race was planned again; the rival's fold, the old entry's fold and the new entry are all there.
    expect(raced).toBe(2);
    const stored = await recordOf(row);
    expect(stored[`s_${old}`]).toBeUndefined();
    expect(stored[`s_${now}`]).toMatchObject({ p: 'LA01', m: M });
    expect(stored.c).toEqual({
      e: { RIVAL1: '2001-01', [row.employee_no!]: OLD },
      n: { 'banda jane': { n: 'Jane Banda', o: `${OLD}#${OLD}-02T08:00:00.000Z` } },
    });
    expect(stored.v).toBe(8);
    const { records } = await readBorrowerRecords([digitsOf(row)]);
    expect(employeeNumbersOnRecord(records.get(digitsOf(row))!)).toEqual([
      { employee_no: 'RIVAL1', first_seen: '2001-01' },
      { employee_no: row.employee_no, first_seen: OLD },
    ]);
  });
});

describe("the employee number's summary", () => {
  it('is written while the pair rests on a pending or rejected submission, and not once a decided one holds it', async () => {
    const before = shiftMonth(M, -1);
    const cases = { approved: borrowers(6, 'A'), pending: borrowers(6, 'P'), rejected: borrowers(6, 'R') };
    const written: Record<string, number> = {};
    for (const [status, rows] of Object.entries(cases)) {
      // Prepare: last month's file paired each employee number with its NRC, and its submission is decided (or not).
      const first = `emp-first-${status}-${stamp()}`;
      expect((await writeSummaries(source(first, 'LE01', before), rows)).employeeNumbers).toHaveLength(rows.length);
      await decide(first, status);
      // Act: this month's file names the same borrowers.
      written[status] = (await writeSummaries(source(`emp-next-${status}-${stamp()}`, 'LE01'), rows)).employeeNumbers.length;
    }

    // Assess
    expect(written).toEqual({ approved: 0, pending: 6, rejected: 6 });
    // A rejected first pair does not hide the number's NRC: this month's entry names it.
    const rows = cases.rejected;
    const { employees } = await readBorrowerRecords(rows.map(digitsOf), () => rows.map((row) => row.employee_no!));
    for (const row of rows) expect(employees.get(row.employee_no!)?.map((entry) => entry.nrc_digits)).toEqual([digitsOf(row)]);
  });
});
