import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { HistoryResponse } from '#shared/api/history.js';
import { ingestionMessage } from '#shared/api/submissions.js';
import { getHistory } from '#shared/routes/history.js';
import { decideSubmission } from '#shared/routes/reviews.js';
import { updateSettings } from '#shared/routes/settings.js';
import { currentMonth, lastDayOfMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { HEADER, stoppagesRows, workbook, type Row } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

/**
 * What a lender submits is what /history holds, through the real pipeline: two rows of one NRC in one
 * file are two deductions; a row with an employee number and no NRC is kept and shown on the NRC a
 * record ties the number to, whichever came first; a rejected file's rows are shown marked and counted
 * nowhere (the total and the record checks agree); a lender limit of 2 is "at the limit" with 2
 * lenders and "over the limit" with 3.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const M = currentMonth();
const base = 600_000 + Math.floor(Math.random() * 100_000);
const nrc = (n: number) => `${base + n}/41/1`;
const late = `N${base}`;
const early = `T${base}`;

const lenders: SeededOrg[] = [];
const who = { a: '', b: '', c: '', d: '', e: '', reviewer: '', admin: '' };

async function tokenFor(roles: Parameters<typeof createUser>[1], org?: SeededOrg) {
  const user = await createUser(twin, roles);
  const token = (await signIn(twin, user.email, user.password)).idToken;
  if (org) await seedMembership(twin, org, subOf(token));
  return token;
}

/** One inputs row: employee number, NRC (or none), installment. */
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

async function ingested(token: string, org: SeededOrg, kind: 'inputs' | 'stoppages', rows: Row[]) {
  const id = await api.submitWorkbook(token, { kind, month: M, payeeKey: org.payeeKey, fileName: `${kind}.xlsx` }, workbook(rows));
  return { id, submission: await api.waitForIngestion(token, id) };
}

const lookup = async (token: string, nrc: string, months = 3) => {
  const res = await call(twin, getHistory, { query: { nrc, months: String(months) }, caller: token });
  expectStatus(res, 200);
  return res.body;
};

/** Looks up until a rejection is seen (the lookup keeps a pending status ten seconds). */
async function lookupUntil(token: string, id: string, done: (found: HistoryResponse) => boolean) {
  const deadline = Date.now() + 15_000;
  let found = await lookup(token, id);
  while (!done(found) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    found = await lookup(token, id);
  }
  return found;
}

const submissions: Record<string, Awaited<ReturnType<typeof ingested>>> = {};
beforeAll(async () => {
  lenders.push(...(await Promise.all([1, 2, 3, 4, 5].map(() => seedOrganisation(twin, uniquePayeeKey())))));
  const [a, b, c, d, e] = lenders as [SeededOrg, SeededOrg, SeededOrg, SeededOrg, SeededOrg];
  [who.a, who.b, who.c, who.d, who.e, who.reviewer, who.admin] = await Promise.all([
    tokenFor(['fi_admin'], a),
    tokenFor(['fi_admin'], b),
    tokenFor(['fi_admin'], c),
    tokenFor(['fi_admin'], d),
    tokenFor(['fi_admin'], e),
    tokenFor(['compliance']),
    tokenFor(['super_admin']),
  ]);
  expect((await call(twin, updateSettings, { body: { exposure: { max_lenders: 2, max_total: null } }, caller: who.admin })).status).toBe(200);
  // B ties `early` to NRC 3 before A files it without an NRC; C ties `late` to NRC 2 after.
  submissions.b = await ingested(who.b, b, 'inputs', [HEADER, row(b, early, nrc(3), 100), row(b, 'B6', nrc(6), 70), row(b, 'B7', nrc(7), 70)]);
  submissions.a = await ingested(who.a, a, 'inputs', [
    HEADER,
    row(a, 'A1', nrc(1), 300),
    row(a, 'A1', nrc(1), 200),
    row(a, late, null, 120),
    row(a, early, null, 60),
    row(a, 'A6', nrc(6), 50),
    row(a, 'A7', nrc(7), 50),
  ]);
  submissions.c = await ingested(who.c, c, 'inputs', [HEADER, row(c, late, nrc(2), 90), row(c, 'C7', nrc(7), 30)]);
  submissions.d = await ingested(who.d, d, 'inputs', [HEADER, row(d, 'D4', nrc(4), 149)]);
  submissions.e = await ingested(who.e, e, 'inputs', [HEADER, row(e, 'E5', nrc(5), 950)]);
  submissions.stop = await ingested(who.e, e, 'stoppages', stoppagesRows(M, e.payeeKey, [nrc(5)]));
});

describe('a duplicate NRC in one file', () => {
  it('keeps both rows as deductions and counts them inserted', async () => {
    expect(submissions.a!.submission.ingestion?.message).toBe(ingestionMessage({ inserted: 6, updated: 0, skipped: 0 }));
    const found = await lookup(who.a, nrc(1));
    expect(found.items.map((item) => [item.installment, item.counted]).sort()).toEqual([
      [200, true],
      [300, true],
    ]);
    expect(found).toMatchObject({ total_monthly_installment: 500, active_lenders: 1 });
    expect(found.record.exposure).toMatchObject({ lenders: 1, total: 500 });
  });
});

describe('a row with an employee number and no NRC', () => {
  it('is found on the NRC a later row ties the number to', async () => {
    const found = await lookup(who.a, nrc(2));
    const without = found.items.filter((item) => item.without_nrc);
    expect(without).toMatchObject([{ employee_no: late, installment: 120, payee_key: lenders[0]!.payeeKey, counted: true }]);
    expect(found).toMatchObject({ total_monthly_installment: 210, active_lenders: 2 });
  });
  it('is found on the NRC an earlier row tied the number to', async () => {
    const found = await lookup(who.a, nrc(3));
    expect(found.items.filter((item) => item.without_nrc)).toMatchObject([{ employee_no: early, installment: 60 }]);
    expect(found.total_monthly_installment).toBe(160);
  });
});

describe('a lender limit of 2 is the most allowed', () => {
  it('labels 2 lenders at the limit and 3 over it', async () => {
    expect((await lookup(who.a, nrc(6))).record.exposure).toMatchObject({ lenders: 2, limit: 'at' });
    expect((await lookup(who.a, nrc(7))).record.exposure).toMatchObject({ lenders: 3, limit: 'over' });
  });
});

describe('a rejected file', () => {
  it('is shown marked and counted nowhere: the total and the record checks agree', async () => {
    expect((await lookup(who.a, nrc(4))).total_monthly_installment).toBe(149);
    expect(
      (await call(twin, decideSubmission, { params: { id: submissions.d!.id }, body: { decision: 'reject', note: 'Wrong file' }, caller: who.reviewer }))
        .status,
    ).toBe(200);
    const found = await lookupUntil(who.a, nrc(4), (f) => f.total_monthly_installment === 0);
    expect(found.items).toMatchObject([{ installment: 149, rejected: true, counted: false }]);
    expect(found).toMatchObject({ total_monthly_installment: 0, active_lenders: 0 });
    expect(found.record.exposure).toMatchObject({ lenders: 0, total: 0 });
  });
  it('a rejected stoppage stops nothing, on the total as in the record checks', async () => {
    expect(
      (await call(twin, decideSubmission, { params: { id: submissions.stop!.id }, body: { decision: 'reject', note: 'Not stopped' }, caller: who.reviewer }))
        .status,
    ).toBe(200);
    const found = await lookupUntil(who.e, nrc(5), (f) => f.active_lenders === 1 && f.record.exposure.lenders === 1);
    expect(found.items.find((item) => item.kind === 'stoppage')).toMatchObject({ rejected: true, counted: false });
    expect(found).toMatchObject({ total_monthly_installment: 950, active_lenders: 1 });
    expect(found.record.exposure).toMatchObject({ lenders: 1, total: 950 });
  });
});
