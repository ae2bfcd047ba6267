import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { currentMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { documentClient, seededLender, type SeededOrg } from '../fixtures/submissions/directory.js';
import { inputsRows, workbook } from '../fixtures/submissions/workbooks.js';

/**
 * A lender cannot keep other lenders' rows out of borrower history by filling the borrower summary
 * every lender writes to: a summary item filled as an older stack could hold it (long names, or bulk
 * no bound manages) costs at most its own borrower's entry; the file's other borrowers, its history
 * rows and its counts are all written, and the submission does not stay pending.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const month = currentMonth();
const docs = documentClient(twin);
const table = twin.env.TABLE_HISTORY!;

Object.assign(process.env, twin.env);
const { ingestRows } = await import('#data/history/entries.js');

let org: SeededOrg;
let token: string;

beforeAll(async () => {
  ({ org, token } = await seededLender(twin));
});

/** Fresh NRCs no other test names: 6 digits, /10/1. */
const freshNrcs = (count: number) => {
  const base = 200_000 + Math.floor(Math.random() * 700_000);
  return Array.from({ length: count }, (_, i) => `${base + i}/${20 + (i % 70)}/1`);
};
const digitsOf = (nrc: string) => nrc.replace(/\D/g, '');
const record = async (nrc: string) => (await docs.send(new GetCommand({ TableName: table, Key: { pk: `NRC#${digitsOf(nrc)}`, sk: 'RECORD' } }))).Item ?? {};
const deductions = async (nrc: string) =>
  (
    await docs.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :m)',
        ExpressionAttributeValues: { ':pk': `NRC#${digitsOf(nrc)}`, ':m': `${month}#` },
      }),
    )
  ).Items ?? [];
/** An entry as an attacking lender's file left it before names had a limit. */
const attackerEntry = (name: string) => ({ p: 'ATK1', m: month, k: 'input', i: 1, e: '2030-12-31', n: 'A1', nm: name, t: new Date().toISOString() });

describe('a borrower summary filled by one lender', () => {
  it("costs another lender only that borrower's entry, never the rest of its file", async () => {
    // Prepare: two of the file's borrowers have summary items near DynamoDB's 400 KB.
    const nrcs = freshNrcs(5);
    const [filled, stuck, ...others] = nrcs as [string, string, ...string[]];
    const filledItem: Record<string, unknown> = { pk: `NRC#${digitsOf(filled)}`, sk: 'RECORD' };
    for (let i = 0; i < 4; i++) filledItem[`s_${randomUUID()}`] = attackerEntry('N'.repeat(97_000));
    await docs.send(new PutCommand({ TableName: table, Item: filledItem }));
    // Bulk the bounds do not manage, within a few bytes of the item limit: no entry fits beside it.
    await docs.send(new PutCommand({ TableName: table, Item: { pk: `NRC#${digitsOf(stuck)}`, sk: 'RECORD', legacy: 'x'.repeat(409_560) } }));

    // Act: another lender submits a file naming both and three more borrowers.
    const id = await api.submitWorkbook(
      token,
      { kind: 'inputs', month, payeeKey: org.payeeKey, fileName: 'crowded.xlsx' },
      workbook(inputsRows(month, org.payeeKey, nrcs)),
    );
    const submission = await api.waitForIngestion(token, id);

    // Assess: every row is in history and counted; every summary but the stuck one has the entry.
    expect(submission.ingestion).toEqual({ status: 'done', message: 'Submissions updated — inserted 5, updated 0, skipped 0.' });
    expect(submission.counts).toEqual({ inserted: 5, updated: 0, skipped: 0 });
    for (const nrc of nrcs) expect(await deductions(nrc)).toHaveLength(1);
    for (const nrc of others) expect((await record(nrc))[`s_${id}`]).toMatchObject({ p: org.payeeKey, m: month });
    const pruned = await record(filled);
    expect(pruned[`s_${id}`]).toMatchObject({ p: org.payeeKey });
    // The attacker's oldest entries made room: the item is back within its byte budget.
    expect(JSON.stringify(pruned).length).toBeLessThan(210_000);
    const untouched = await record(stuck);
    expect(untouched[`s_${id}`]).toBeUndefined();
    expect(String(untouched.legacy)).toHaveLength(409_560);
  });

  it('writes every other history row when DynamoDB refuses one (a row validated before names had a limit)', async () => {
    // Prepare: parsed rows as an older validation stored them, one with a name past 400 KB.
    const nrcs = freshNrcs(30);
    const rows: CanonicalRow[] = nrcs.map((nrc, i) => ({
      employee_no: `H${i}`,
      nrc,
      start_date: `${month}-01`,
      end_date: '2030-12-31',
      installment_amount: 100,
      amount: 100,
      payee_key: 'F001',
      first_name: i === 7 ? 'L'.repeat(420_000) : `First${i}`,
    }));
    const source = {
      submissionId: `refused-${Date.now()}`,
      kind: 'inputs' as const,
      month,
      payeeKey: 'F001',
      orgId: null,
      orgName: null,
      submittedAt: new Date().toISOString(),
    };

    // Act, twice: a replay counts the same.
    const first = await ingestRows(source, rows);
    const again = await ingestRows(source, rows);

    // Assess
    expect(first).toEqual({ inserted: 29, updated: 0, skipped: 1 });
    expect(again).toEqual(first);
    expect(await deductions(nrcs[7]!)).toHaveLength(0);
    for (const nrc of nrcs.filter((_, i) => i !== 7)) expect(await deductions(nrc)).toHaveLength(1);
  });
});
