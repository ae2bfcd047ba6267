import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { RegisterEntry } from '#data/register/versions.js';
import { MANDATE_LIMIT_MESSAGES, MANDATE_LIMITS } from '#shared/api/mandates.js';
import { giveMandate, listMyMandates, revokeMandate } from '#shared/routes/mandates.js';
import { currentMonth, shiftMonth } from '#shared/rules/dates.js';
import { seedEmployeeMandates } from '../fixtures/mandates.js';
import { seedOrganisation, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { call, expectStatus } from '../support/api.js';
import { signInEmployee, textsTo } from '../support/employee.js';
import { addToCurrentRegister, registerEntry, uniqueMobile } from '../support/register.js';

/**
 * What one employee can make the platform send, through the real routes: mandates a day, mandates open
 * at once, texts a day to one phone; and the employee's list, a page at a time past any number.
 */
const twin = inject('twin');
const M = currentMonth();
const DAY_MS = 86_400_000;
const seedMandates = (entry: RegisterEntry, states: Parameters<typeof seedEmployeeMandates>[2]) => seedEmployeeMandates(entry, org.payeeKey, states);
const retryTime = /Try again after \d{2}:\d{2} Lusaka time( on \d{1,2} [A-Z][a-z]{2})?\.$/;
let org: SeededOrg;

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  org = await seedOrganisation(twin, uniquePayeeKey(), 'Kafue Credit');
});

async function signedIn(overrides: Partial<RegisterEntry> = {}): Promise<{ entry: RegisterEntry; token: string }> {
  const entry = registerEntry(overrides);
  await addToCurrentRegister([entry]);
  return { entry, token: (await signInEmployee(twin, { nrc: entry.nrc, employeeNumber: entry.employee_number })).idToken };
}

const give = (token: string) => call(twin, giveMandate, { body: { payee_key: org.payeeKey, max_monthly: 400, last_month: shiftMonth(M, 3) }, caller: token });

describe('what one employee can make the platform send', () => {
  it('gives one employee 5 mandates a day, and says when the next may be given', async () => {
    // Prepare
    const { entry, token } = await signedIn();
    for (let i = 0; i < MANDATE_LIMITS.givenPerDay; i++) expectStatus(await give(token), 201);

    // Act
    const sixth = await give(token);

    // Assess
    expectStatus(sixth, 429);
    expect(sixth.body).toEqual({ error: 'rate_limited', message: expect.stringMatching(retryTime) });
    expect(sixth.body.message).toMatch(/^You can give 5 mandates in a day\./);
    expect((await textsTo(twin, entry.mobile)).filter((t) => t.body.startsWith('Mandate '))).toHaveLength(MANDATE_LIMITS.givenPerDay);
  });

  it('holds 20 open mandates at most: expired, used and revoked ones do not count, and revoking one makes room', async () => {
    // Prepare: 20 open (issued and claimed), and some that are no longer open.
    const { token, entry } = await signedIn();
    const now = Date.now();
    const open = await seedMandates(
      entry,
      Array.from({ length: MANDATE_LIMITS.openAtOnce }, (_, i) => ({ state: i % 2 ? 'claimed' : 'issued', issuedAt: now - (i + 1) * 60_000 })),
    );
    await seedMandates(entry, [
      { state: 'issued', issuedAt: now - 40 * DAY_MS },
      { state: 'used', issuedAt: now - 50 * DAY_MS },
      { state: 'revoked', issuedAt: now - 60 * DAY_MS },
    ]);

    // Act
    const refused = await give(token);
    expectStatus(await call(twin, revokeMandate, { params: { number: open[0]! }, caller: token }), 200);
    const afterRevoking = await give(token);

    // Assess
    expectStatus(refused, 429);
    expect(refused.body.message).toBe(MANDATE_LIMIT_MESSAGES.tooManyOpen);
    expectStatus(afterRevoking, 201);
  });

  it('sends one phone at most 20 texts a day, whoever on the register gives the mandates', async () => {
    // Prepare: five employees the register gives one mobile (an office phone), four mandates each.
    const mobile = uniqueMobile();
    const people = [];
    for (let i = 0; i < 5; i++) people.push(await signedIn({ mobile }));
    for (const { token } of people) for (let i = 0; i < 4; i++) expectStatus(await give(token), 201);

    // Act
    const twentyFirst = await give(people[0]!.token);

    // Assess
    expectStatus(twentyFirst, 429);
    expect(twentyFirst.body.message).toMatch(/^We have sent 20 texts to your phone today, the most allowed\./);
    expect(twentyFirst.body.message).toMatch(retryTime);
    expect((await textsTo(twin, mobile)).filter((t) => t.body.startsWith('Mandate '))).toHaveLength(MANDATE_LIMITS.textsPerPhonePerDay);
  });
});

describe('the employee’s mandate list', () => {
  it('pages past 200 mandates, newest first, each once', async () => {
    // Prepare
    const { entry, token } = await signedIn();
    const start = Date.now() - DAY_MS;
    const seeded = await seedMandates(
      entry,
      Array.from({ length: 230 }, (_, i) => ({ state: 'revoked' as const, issuedAt: start - i * 1000 })),
    );

    // Act
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await call(twin, listMyMandates, { caller: token, query: cursor ? { cursor } : {} });
      expectStatus(page, 200);
      pages.push(page.body.mandates.map((m) => m.number));
      cursor = page.body.next_cursor ?? undefined;
    } while (cursor);

    // Assess
    expect(pages.map((p) => p.length)).toEqual([50, 50, 50, 50, 30]);
    expect(pages.flat()).toEqual(seeded);
  });

  it('refuses a cursor it did not give, with what to do', async () => {
    const { token } = await signedIn();
    const forged = await call(twin, listMyMandates, { caller: token, query: { cursor: Buffer.from('MANDATES#NRC#1', 'utf8').toString('base64url') } });
    expectStatus(forged, 400);
    expect(forged.body.message).toBe(MANDATE_LIMIT_MESSAGES.cursor);
  });
});
