import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PORTAL_MESSAGES } from '#shared/api/portal.js';
import { getHistory } from '#shared/routes/history.js';
import { listMyDeductions, listMyDisputes, listMyLookups, reportMyDeduction } from '#shared/routes/portal.js';
import { currentMonth, shiftMonth } from '#shared/rules/dates.js';
import { disputesApi } from '../fixtures/disputes.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { call, expectStatus, offContract, okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

/**
 * The portal's routes with signed-in employees (their code from the twin's outbox): each reaches only
 * their own NRC's deductions, lookups and disputes, and reports only a deduction of their own.
 */
const twin = inject('twin');
const api = disputesApi(twin);
const NOW = currentMonth();
const BEFORE = shiftMonth(NOW, -1);

let org: SeededOrg;
let lender = '';
const me = { nrc: '', employeeNumber: '', token: '' };
const other = { nrc: '', employeeNumber: '', token: '' };

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  const { addToCurrentRegister, registerEntry } = await import('../support/register.js');
  const { signInEmployee } = await import('../support/employee.js');
  const [mine, theirs] = [registerEntry(), registerEntry()];
  await addToCurrentRegister([mine, theirs]);
  org = await seedOrganisation(twin, uniquePayeeKey(), 'Kwacha Microfinance');
  const admin = await createUser(twin, ['fi_admin']);
  lender = (await signIn(twin, admin.email, admin.password)).idToken;
  await seedMembership(twin, org, subOf(lender), 'approved', 'fi_admin', admin.email);
  await api.deduct(lender, org, BEFORE, [mine.nrc, theirs.nrc]);
  Object.assign(me, {
    nrc: mine.nrc,
    employeeNumber: mine.employee_number,
    token: (await signInEmployee(twin, { nrc: mine.nrc, employeeNumber: mine.employee_number })).idToken,
  });
  Object.assign(other, {
    nrc: theirs.nrc,
    employeeNumber: theirs.employee_number,
    token: (await signInEmployee(twin, { nrc: theirs.nrc, employeeNumber: theirs.employee_number })).idToken,
  });
}, 180_000);

describe('GET /api/employee/deductions', () => {
  it('answers the caller’s own deductions, named by their lender', async () => {
    const body = okBody(await call(twin, listMyDeductions, { caller: me.token }));
    expect(body.nrc).toBe(me.nrc);
    expect(body.items).toEqual([
      expect.objectContaining({
        month: BEFORE,
        org_name: 'Kwacha Microfinance',
        payee_key: org.payeeKey,
        installment: 250,
        state: 'submitted',
        can_report: true,
      }),
    ]);
  });
});

describe('GET /api/employee/lookups', () => {
  it('names the organisation of a lookup of the caller’s NRC, and not of another employee’s', async () => {
    expectStatus(await call(twin, getHistory, { query: { nrc: me.nrc }, caller: lender }), 200);
    const mine = okBody(await call(twin, listMyLookups, { caller: me.token })).items;
    expect(mine[0]).toMatchObject({ organisation: 'Kwacha Microfinance', kind: 'history' });
    const theirs = okBody(await call(twin, listMyLookups, { caller: other.token })).items;
    expect(theirs).toHaveLength(mine.length - 1);
  });
});

describe('POST and GET /api/employee/disputes', () => {
  it('reports a deduction of the caller’s own, which only they see in their list', async () => {
    const res = await call(twin, reportMyDeduction, {
      body: { payee_key: org.payeeKey, month: BEFORE, reason: 'I never borrowed from Kwacha Microfinance.' },
      caller: me.token,
    });
    expectStatus(res, 201);
    expect(res.body).toMatchObject({
      dispute: { status: 'open', opened_by: 'employee', payee_key: org.payeeKey, month: BEFORE },
      message: PORTAL_MESSAGES.reported,
    });
    expect(okBody(await call(twin, listMyDisputes, { caller: me.token })).items.map((d) => d.id)).toEqual([res.body.dispute.id]);
    expect(okBody(await call(twin, listMyDisputes, { caller: other.token })).items).toEqual([]);
    expect(okBody(await call(twin, listMyDeductions, { caller: me.token })).items[0]).toMatchObject({
      dispute: { id: res.body.dispute.id, status: 'open' },
      can_report: false,
    });
  });

  it('answers 409 to a second report of the same deduction, and 404 to one not on the caller’s record', async () => {
    const again = await call(twin, reportMyDeduction, { body: { payee_key: org.payeeKey, month: BEFORE, reason: 'Again.' }, caller: me.token });
    expect(again).toMatchObject({ status: 409, body: { error: 'dispute_exists', message: PORTAL_MESSAGES.alreadyOpen } });
    const elsewhere = await call(twin, reportMyDeduction, { body: { payee_key: org.payeeKey, month: NOW, reason: 'Not mine.' }, caller: other.token });
    expect(elsewhere).toMatchObject({ status: 404, body: { error: 'no_deduction', message: PORTAL_MESSAGES.noDeduction } });
  });

  it.each([
    ['an empty reason', { payee_key: 'X1', month: BEFORE, reason: '  ' }, PORTAL_MESSAGES.reason],
    ['a file of another kind', { payee_key: 'X1', month: BEFORE, reason: 'r', file_name: 'run.exe', size: 10 }, PORTAL_MESSAGES.evidenceType],
    ['a file too large', { payee_key: 'X1', month: BEFORE, reason: 'r', file_name: 'scan.pdf', size: 10 * 1024 * 1024 + 1 }, PORTAL_MESSAGES.evidenceSize],
    ['a size without a file name', { payee_key: 'X1', month: BEFORE, reason: 'r', size: 10 }, PORTAL_MESSAGES.evidencePair],
    ['another person’s NRC in the body', { payee_key: 'X1', month: BEFORE, reason: 'r', nrc: '111111/11/1' }, 'nrc'],
  ])('refuses %s with a message', async (_, body, message) => {
    const res = await call(twin, reportMyDeduction, { body: offContract(body), caller: other.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: expect.stringContaining(message) });
  });
});
