import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { S3Event } from 'aws-lambda';
import { describe, expect, inject, it } from 'vitest';
import { getHistory } from '#shared/routes/history.js';
import { decideSubmission } from '#shared/routes/reviews.js';
import { getSubmission } from '#shared/routes/submissions.js';
import { currentMonth, lastDayOfMonth } from '#shared/rules/dates.js';
import { encodeEventKey } from '../../infra/local/s3-events.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { documentClient, seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { HEADER, workbook, XLSX_MIME, type Row } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

/**
 * Faults for what history holds of a file (as faults.test.ts for ingestion at large): ingestion events
 * of a file with a duplicate NRC and rows without an NRC delivered twice, at once and again after;
 * two lenders ingested at once, one filing an employee number without an NRC and the other tying it to
 * an NRC; a later file of the same month replacing the rows; a rejected file's event replayed.
 * Nothing lost, nothing duplicated, counts unchanged, a rejected file never counted.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const M = currentMonth();
const docs = documentClient(twin);
const table = twin.env.TABLE_HISTORY!;

Object.assign(process.env, twin.env);
const ingestSubmission = (await import('../../lambdas/events/ingest-submission.js')).handler;
const { ingestRows } = await import('#data/history/entries.js');

let serial = 0;
const base = () => 800_000 + Math.floor(Math.random() * 90_000) + serial++ * 97;
const row = (org: SeededOrg, employeeNo: string, id: string | null, amount: number): Row => [
  employeeNo,
  id,
  `${M}-01`,
  lastDayOfMonth(M),
  amount,
  org.payeeKey,
  'Mary',
  'Banda',
];
const eventFor = (submissionId: string) =>
  ({
    Records: [{ s3: { bucket: { name: twin.env.BUCKET_UPLOADS }, object: { key: encodeEventKey(`ingest/${submissionId}.json`), size: 1 } } }],
  }) as unknown as S3Event;

async function lender() {
  const org = await seedOrganisation(twin, uniquePayeeKey());
  const user = await createUser(twin, ['fi_admin']);
  const token = (await signIn(twin, user.email, user.password)).idToken;
  await seedMembership(twin, org, subOf(token));
  return { org, token };
}

/** Uploads a file that validates; `submit` then sends it for ingestion. */
async function validated(token: string, org: SeededOrg, rows: Row[]) {
  const file = workbook([HEADER, ...rows]);
  const upload = await api.upload(
    token,
    { doc_kind: 'inputs', month: M, payee_key: org.payeeKey, file_name: 'inputs.xlsx', size: file.length, content_type: XLSX_MIME },
    file,
  );
  expect(upload.status).toBe('validated');
  return upload.id;
}

const partition = async (pk: string) =>
  (
    await docs.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :m)',
        ExpressionAttributeValues: { ':pk': pk, ':m': `${M}#` },
      }),
    )
  ).Items ?? [];

/** The installments an item holds: its rows (`loans`) when there are several, else its own. */
const installments = (item: Record<string, unknown>) =>
  Array.isArray(item.loans) ? (item.loans as { installment: number }[]).map((loan) => loan.installment) : [item.installment];

const lookup = async (token: string, nrc: string) => okBody(await call(twin, getHistory, { query: { nrc }, caller: token }));

describe('a file with a duplicate NRC and rows without an NRC, its event delivered twice at once and again after', () => {
  it('holds every row once and counts them once', async () => {
    const { org, token } = await lender();
    const n = base();
    const id = await validated(token, org, [row(org, 'E1', `${n}/11/1`, 300), row(org, 'E2', `${n}/11/1`, 200), row(org, `Q${n}`, null, 120)]);
    expect((await api.submit(token, id)).status).toBe(200);
    await Promise.all([ingestSubmission(eventFor(id)), ingestSubmission(eventFor(id))]);
    const done = await api.waitForIngestion(token, id);
    await ingestSubmission(eventFor(id));

    expect(done.counts).toEqual({ inserted: 3, updated: 0, skipped: 0 });
    expect((await api.waitForIngestion(token, id)).counts).toEqual({ inserted: 3, updated: 0, skipped: 0 });
    const [byNrc, byNumber] = await Promise.all([partition(`NRC#${n}111`), partition(`EMP#Q${n}`)]);
    expect(byNrc.map(installments)).toEqual([[300, 200]]);
    expect(byNumber.map(installments)).toEqual([[120]]);
  });
});

describe('two lenders ingested at once: one files an employee number without an NRC, the other ties it to an NRC', () => {
  it("the NRC's lookup finds the row whichever run finishes first", async () => {
    // Three rounds, each two lenders of their own, for the runs to finish in either order.
    for (let round = 0; round < 3; round++) {
      const [a, b] = await Promise.all([lender(), lender()]);
      const n = base();
      const [fromA, fromB] = await Promise.all([
        validated(a.token, a.org, [row(a.org, `J${n}`, null, 60)]),
        validated(b.token, b.org, [row(b.org, `J${n}`, `${n}/22/1`, 40)]),
      ]);
      await Promise.all([api.submit(a.token, fromA), api.submit(b.token, fromB), ingestSubmission(eventFor(fromA)), ingestSubmission(eventFor(fromB))]);
      await Promise.all([ingestSubmission(eventFor(fromA)), ingestSubmission(eventFor(fromB))]);
      await Promise.all([api.waitForIngestion(a.token, fromA), api.waitForIngestion(b.token, fromB)]);
      const found = await lookup(a.token, `${n}/22/1`);
      expect(found.items.map((item) => [item.installment, item.without_nrc]).sort()).toEqual([
        [40, false],
        [60, true],
      ]);
      expect(found.total_monthly_installment).toBe(100);
    }
  });
});

describe('a later file of the same payee key and month', () => {
  it("replaces the earlier file's rows, and its replay changes nothing", async () => {
    const n = base();
    const rows = (amounts: number[]) =>
      amounts.map((amount, i) => ({
        employee_no: `R${i}`,
        nrc: `${n}/33/1`,
        start_date: `${M}-01`,
        end_date: '2030-12-31',
        installment_amount: amount,
        amount,
        payee_key: 'F001',
      }));
    const source = (id: string) => ({
      submissionId: id,
      kind: 'inputs' as const,
      month: M,
      payeeKey: 'F001',
      orgId: null,
      orgName: null,
      submittedAt: new Date().toISOString(),
    });
    expect(await ingestRows(source(`first-${n}`), rows([300, 200]))).toEqual({ inserted: 2, updated: 0, skipped: 0 });
    const later = source(`later-${n}`);
    const [once, twice] = await Promise.all([ingestRows(later, rows([250])), ingestRows(later, rows([250]))]);
    expect(await ingestRows(later, rows([250]))).toEqual({ inserted: 0, updated: 1, skipped: 0 });
    expect([once, twice]).toEqual([
      { inserted: 0, updated: 1, skipped: 0 },
      { inserted: 0, updated: 1, skipped: 0 },
    ]);
    expect((await partition(`NRC#${n}331`)).map(installments)).toEqual([[250]]);
  });
});

describe("a rejected file's ingestion event replayed, at once with the decision and after", () => {
  it('its rows stay shown as rejected and counted nowhere', async () => {
    const { org, token } = await lender();
    const reviewer = await createUser(twin, ['compliance']);
    const reviewerToken = (await signIn(twin, reviewer.email, reviewer.password)).idToken;
    const n = base();
    const id = await validated(token, org, [row(org, 'E1', `${n}/44/1`, 149), row(org, 'E2', `${n}/44/1`, 51)]);
    expect((await api.submit(token, id)).status).toBe(200);
    await api.waitForIngestion(token, id);
    const [decided] = await Promise.all([
      call(twin, decideSubmission, { params: { id }, body: { decision: 'reject', note: 'Wrong file' }, caller: reviewerToken }),
      ingestSubmission(eventFor(id)),
    ]);
    expectStatus(decided, 200);
    await ingestSubmission(eventFor(id));
    // The lookup keeps a pending status ten seconds: it is asked until the rejection shows.
    const deadline = Date.now() + 15_000;
    let found = await lookup(token, `${n}/44/1`);
    while (found.total_monthly_installment !== 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      found = await lookup(token, `${n}/44/1`);
    }
    expect(found.items.map((item) => [item.installment, item.rejected, item.counted]).sort()).toEqual(
      [
        [149, true, false],
        [51, true, false],
      ].sort(),
    );
    expect(found).toMatchObject({ total_monthly_installment: 0, active_lenders: 0 });
    expect(found.record.exposure).toMatchObject({ lenders: 0, total: 0 });
    expect(okBody(await call(twin, getSubmission, { params: { id }, caller: token })).counts).toEqual({ inserted: 2, updated: 0, skipped: 0 });
  });
});
