import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { RegisterEntry } from '#data/register/versions.js';
import { MANDATE_MESSAGES } from '#shared/api/mandates.js';
import { claimMandate, getMandateLender, giveMandate, listMandates, listMyMandates, revokeMandate } from '#shared/routes/mandates.js';
import { currentMonth, lusakaDay, shiftMonth } from '#shared/rules/dates.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { call, expectStatus } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { signInEmployee, textsTo } from '../support/employee.js';
import { addToCurrentRegister, registerEntry } from '../support/register.js';

/**
 * The employee's side of mandates through the real handlers, signed in as the portal signs in: the
 * lender shown back by its payee key, a mandate given (its number on screen, number and PIN only by SMS
 * to the register's mobile), listed with its state, claimed by the lender, revoked while not used; and
 * the routes closed to anyone else.
 */
const twin = inject('twin');
const M = currentMonth();
let org: SeededOrg;
let lender: string;
let staff: string;
const employees: { entry: RegisterEntry; token: string }[] = [];

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  org = await seedOrganisation(twin, uniquePayeeKey(), 'Zambia Lending Bank');
  const user = await createUser(twin, ['fi_admin']);
  lender = (await signIn(twin, user.email, user.password)).idToken;
  await seedMembership(twin, org, subOf(lender), 'approved', 'fi_admin', user.email);
  const other = await createUser(twin, ['fi_admin']);
  staff = (await signIn(twin, other.email, other.password)).idToken;
  const entries = [registerEntry(), registerEntry()];
  await addToCurrentRegister(entries);
  for (const entry of entries)
    employees.push({ entry, token: (await signInEmployee(twin, { nrc: entry.nrc, employeeNumber: entry.employee_number })).idToken });
}, 120_000);

const give = (token: string, body: { payee_key: string; max_monthly: number; last_month: string }) => call(twin, giveMandate, { body, caller: token });

describe('giving a mandate', () => {
  it('shows the lender back by its payee key, and says when no lender has it', async () => {
    const found = await call(twin, getMandateLender, { params: { payee_key: org.payeeKey.toLowerCase() }, caller: employees[0]!.token });
    expectStatus(found, 200);
    expect(found.body).toEqual({ payee_key: org.payeeKey, org_name: 'Zambia Lending Bank' });
    const none = await call(twin, getMandateLender, { params: { payee_key: 'ZZ999' }, caller: employees[0]!.token });
    expectStatus(none, 404);
    expect(none.body.message).toBe(MANDATE_MESSAGES.unknownLender('ZZ999'));
  });

  it('answers the number, texts number and PIN to the register’s mobile only, and lists it as issued', async () => {
    const { entry, token } = employees[0]!;
    const res = await give(token, { payee_key: org.payeeKey, max_monthly: 750.5, last_month: shiftMonth(M, 6) });
    expectStatus(res, 201);
    const { mandate } = res.body;
    expect(mandate).toMatchObject({
      nrc: entry.nrc,
      payee_key: org.payeeKey,
      org_name: 'Zambia Lending Bank',
      max_monthly: 750.5,
      last_month: shiftMonth(M, 6),
      state: 'issued',
      locked: false,
    });
    expect(mandate.number).toMatch(/^MD-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    const expires = lusakaDay(mandate.claim_by);
    expect(res.body.message).toBe(MANDATE_MESSAGES.issued(mandate.number, expires));
    expect(res.body.message).toMatch(/expires on \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);

    const [sms] = (await textsTo(twin, entry.mobile)).filter((t) => t.body.includes(mandate.number));
    const pin = /PIN (\d{6})/.exec(sms?.body ?? '')?.[1];
    expect(pin).toMatch(/^\d{6}$/);
    expect(sms!.body).toContain('Zambia Lending Bank');
    expect(sms!.body).toContain(`Expires on ${expires} if the lender does not claim it.`);
    expect(JSON.stringify(res.body)).not.toContain(pin!);

    const mine = await call(twin, listMyMandates, { caller: token });
    expectStatus(mine, 200);
    expect(mine.body.mandates.map((m) => [m.number, m.state])).toContainEqual([mandate.number, 'issued']);
    // The other employee does not see it.
    const theirs = await call(twin, listMyMandates, { caller: employees[1]!.token });
    expectStatus(theirs, 200);
    expect(theirs.body.mandates.map((m) => m.number)).not.toContain(mandate.number);

    // The lender claims it with that PIN; the employee sees it claimed.
    expectStatus(await call(twin, claimMandate, { body: { mandate_number: mandate.number, pin: pin! }, caller: lender }), 200);
    const after = await call(twin, listMyMandates, { caller: token });
    expectStatus(after, 200);
    expect(after.body.mandates.find((m) => m.number === mandate.number)?.state).toBe('claimed');
  });

  it('refuses a last month already past and a payee key no lender holds', async () => {
    const past = await give(employees[0]!.token, { payee_key: org.payeeKey, max_monthly: 100, last_month: shiftMonth(M, -1) });
    expectStatus(past, 400);
    expect(past.body.message).toBe(MANDATE_MESSAGES.lastMonth);
    expectStatus(await give(employees[0]!.token, { payee_key: 'ZZ999', max_monthly: 100, last_month: M }), 404);
  });
});

describe('revoking a mandate', () => {
  it('revokes one not yet used, once, and only for its own employee', async () => {
    const { token } = employees[1]!;
    const { mandate } = (await give(token, { payee_key: org.payeeKey, max_monthly: 300, last_month: M })).body as { mandate: { number: string } };
    const stranger = await call(twin, revokeMandate, { params: { number: mandate.number }, caller: employees[0]!.token });
    expectStatus(stranger, 404);
    const revoked = await call(twin, revokeMandate, { params: { number: mandate.number }, caller: token });
    expectStatus(revoked, 200);
    expect(revoked.body).toMatchObject({ mandate: { number: mandate.number, state: 'revoked' }, message: MANDATE_MESSAGES.revokedNow(mandate.number) });
    const again = await call(twin, revokeMandate, { params: { number: mandate.number }, caller: token });
    expectStatus(again, 409);
    expect(again.body.message).toBe(MANDATE_MESSAGES.cannotRevoke('revoked'));
  });
});

describe('who reaches the routes', () => {
  it('keeps staff off the employee’s routes and the employee off the lender’s', async () => {
    expect([401, 403]).toContain((await call(twin, listMyMandates, { caller: staff })).status);
    expect([401, 403]).toContain((await call(twin, giveMandate, { body: { payee_key: org.payeeKey, max_monthly: 1, last_month: M }, caller: staff })).status);
    expect([401, 403]).toContain((await call(twin, listMandates, { caller: employees[0]!.token })).status);
    expect([401, 403]).toContain(
      (await call(twin, claimMandate, { body: { mandate_number: 'MD-0000-0000', pin: '123456' }, caller: employees[0]!.token })).status,
    );
  });
});
