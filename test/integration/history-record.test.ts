import { beforeAll, describe, expect, inject, it } from 'vitest';
import { getHistory } from '#shared/routes/history.js';
import { decideSubmission } from '#shared/routes/reviews.js';
import { currentMonth } from '#shared/rules/dates.js';
import { RECORD_MESSAGES } from '#shared/rules/record-findings.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { HEADER, workbook } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

/**
 * The record /history shows beside a borrower's deductions (its identity, exposure and disputes), through the real
 * pipeline: the record lives in the borrower's partition and comes with the lookup's one Query; an
 * employee number two lenders filed under two NRCs at once is marked on both records at ingestion and
 * shown on both lookups; a rejection stops counting within the ten seconds the lookup keeps a pending
 * submission's status.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const M = currentMonth();
const base = 400_000 + Math.floor(Math.random() * 100_000);
const nrc = (n: number) => `${base + n}/31/1`;
const shared = `S${base}`;

let lenderA: SeededOrg;
let lenderB: SeededOrg;
const who = { a: '', b: '', reviewer: '' };

async function tokenFor(roles: Parameters<typeof createUser>[1], org?: SeededOrg) {
  const user = await createUser(twin, roles);
  const token = (await signIn(twin, user.email, user.password)).idToken;
  if (org) await seedMembership(twin, org, subOf(token));
  return token;
}

/** Uploads and submits one lender's inputs for M; the caller waits for ingestion. */
async function submitted(token: string, org: SeededOrg, rows: [string, string, number, string, string][]) {
  const data = workbook([HEADER, ...rows.map(([emp, id, amount, first, last]) => [emp, id, `${M}-01`, '2030-12-31', amount, org.payeeKey, first, last])]);
  return api.submitWorkbook(token, { kind: 'inputs', month: M, payeeKey: org.payeeKey, fileName: 'inputs.xlsx' }, data);
}

const lookup = async (token: string, nrc: string) => {
  const res = await call(twin, getHistory, { query: { nrc, months: '3' }, caller: token });
  expectStatus(res, 200);
  return res.body;
};

let bUpload = '';
beforeAll(async () => {
  [lenderA, lenderB] = await Promise.all([seedOrganisation(twin, uniquePayeeKey()), seedOrganisation(twin, uniquePayeeKey())]);
  [who.a, who.b, who.reviewer] = await Promise.all([tokenFor(['fi_admin'], lenderA), tokenFor(['fi_admin'], lenderB), tokenFor(['compliance'])]);
  // Both lenders file the same employee number under two NRCs, ingested at the same time; A also
  // files a borrower of its own, whom B deducts from under another name.
  const aUpload = await submitted(who.a, lenderA, [
    [shared, nrc(1), 200, 'Mary', 'Banda'],
    [`A${base}`, nrc(3), 150, 'John', 'Phiri'],
  ]);
  bUpload = await submitted(who.b, lenderB, [
    [shared, nrc(2), 300, 'Grace', 'Mwale'],
    [`B${base}`, nrc(3), 100, 'Johnny', 'Phiri'],
  ]);
  await Promise.all([api.waitForIngestion(who.a, aUpload), api.waitForIngestion(who.b, bUpload)]);
});

describe('the record on /history', () => {
  it('shows an employee number two lenders filed under two NRCs on both lookups', async () => {
    expect((await lookup(who.a, nrc(1))).record.identity).toContain(RECORD_MESSAGES.sharedEmployeeNumber(shared, nrc(2)));
    expect((await lookup(who.a, nrc(2))).record.identity).toContain(RECORD_MESSAGES.sharedEmployeeNumber(shared, nrc(1)));
  });
  it('shows the employee numbers and names on record and the exposure across lenders, never a lender', async () => {
    const found = await lookup(who.a, nrc(3));
    const numbers = RECORD_MESSAGES.employeeNumbers(nrc(3), [
      { employee_no: `A${base}`, first_seen: M },
      { employee_no: `B${base}`, first_seen: M },
    ]);
    // The names in the order the record holds them.
    const names = [RECORD_MESSAGES.names(['John Phiri', 'Johnny Phiri']), RECORD_MESSAGES.names(['Johnny Phiri', 'John Phiri'])];
    expect(found.record.identity).toHaveLength(2);
    expect(found.record.identity[0]).toBe(numbers);
    expect(names).toContain(found.record.identity[1]);
    expect(found.record.exposure).toMatchObject({ lenders: 2, total: 250 });
    expect(JSON.stringify(found.record)).not.toContain(lenderB.payeeKey);
  });
  it('stops counting a rejected submission within ten seconds', async () => {
    expect((await call(twin, decideSubmission, { params: { id: bUpload }, body: { decision: 'reject', note: 'Not ours' }, caller: who.reviewer })).status).toBe(
      200,
    );
    const deadline = Date.now() + 15_000;
    let record = (await lookup(who.a, nrc(3))).record;
    while (record.exposure.lenders !== 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      record = (await lookup(who.a, nrc(3))).record;
    }
    expect(record.exposure).toMatchObject({ lenders: 1, total: 150 });
    expect(record.identity).toEqual([]);
    expect((await lookup(who.a, nrc(1))).record.identity).toEqual([]);
  });
});
