import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { MANDATE_FAILED_CLAIMS_PER_HOUR, MANDATE_MESSAGES } from '#shared/api/mandates.js';
import { claimMandate, listMandates } from '#shared/routes/mandates.js';
import { currentMonth, shiftMonth } from '#shared/rules/dates.js';
import { issueTestMandate, type IssuedMandate } from '../fixtures/mandates.js';
import { documentClient, seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { call, expectStatus, offContract } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { textsTo } from '../support/employee.js';
import { twinSettled } from '../support/twin-process.js';
import { registeredReceiver } from '../support/webhooks.js';

/**
 * The lender's claim of a mandate through the real handler on the twin: the terms on success and a text
 * to the employee, the PIN's three tries and the lock (also under concurrent guesses), concurrent claims
 * (exactly one wins), another lender's mandate answered as an unknown one, the organisation's limit on failed
 * claims, and the states that cannot be claimed.
 */
const twin = inject('twin');
const M = currentMonth();
const base = 600_000 + Math.floor(Math.random() * 300_000);
const nrc = (n: number) => `${base + n}/41/1`;
let orgA: SeededOrg;
let orgB: SeededOrg;
const who = { adminA: '', dataUserA: '', adminB: '', compliance: '' };
let revokeMandate: typeof import('#data/mandates/claims.js').revokeMandate;

async function tokenFor(roles: Parameters<typeof createUser>[1], org?: SeededOrg, role?: Parameters<typeof seedMembership>[4]) {
  const user = await createUser(twin, roles);
  const token = (await signIn(twin, user.email, user.password)).idToken;
  if (org) await seedMembership(twin, org, subOf(token), 'approved', role, user.email);
  return token;
}
const issue = (n: number, org = orgA, now?: Date) =>
  issueTestMandate(twin, { nrc: nrc(n), payee_key: org.payeeKey, org_name: org.orgName, max_monthly: 500, last_month: shiftMonth(M, 12) }, now);
const claim = (token: string, m: Pick<IssuedMandate, 'number' | 'pin'>) =>
  call(twin, claimMandate, { body: { mandate_number: m.number, pin: m.pin }, caller: token });
const wrong = (pin: string) => (pin === '000000' ? '111111' : '000000');

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  ({ revokeMandate } = await import('#data/mandates/claims.js'));
  orgA = await seedOrganisation(twin, uniquePayeeKey());
  orgB = await seedOrganisation(twin, uniquePayeeKey());
  [who.adminA, who.dataUserA, who.adminB, who.compliance] = await Promise.all([
    tokenFor(['fi_admin'], orgA),
    tokenFor(['data_user'], orgA, 'data_user'),
    tokenFor(['fi_admin'], orgB),
    tokenFor(['compliance']),
  ]);
}, 120_000);

describe('claiming a mandate', () => {
  it('gives its terms to the lender, texts the employee once, and keeps the PIN only as a hash', async () => {
    const m = await issue(1);
    const res = await claim(who.dataUserA, { number: m.number.toLowerCase().replace(/-/g, ' '), pin: m.pin });
    expectStatus(res, 200);
    expect(res.body.mandate).toMatchObject({
      number: m.number,
      nrc: nrc(1),
      payee_key: orgA.payeeKey,
      org_name: orgA.orgName,
      max_monthly: 500,
      last_month: shiftMonth(M, 12),
      state: 'claimed',
      locked: false,
    });
    expect(res.body.message).toBe(MANDATE_MESSAGES.claimed(m.number));

    const deadline = Date.now() + 20_000;
    const claimedTexts = async () => (await textsTo(twin, m.mobile)).filter((t) => t.body.includes('claimed'));
    while ((await claimedTexts()).length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 150));
    await twinSettled(twin);
    expect((await claimedTexts()).map((t) => t.body)).toEqual([MANDATE_MESSAGES.sms.claimed(m.number, orgA.orgName)]);
    expect((await claimedTexts())[0]!.body).toContain('Not you? Revoke it in the portal.');

    const item = (await documentClient(twin).send(new GetCommand({ TableName: twin.env.TABLE_DIRECTORY, Key: { pk: `MANDATE#${m.number}`, sk: 'MANDATE' } })))
      .Item!;
    expect(Object.values(item)).not.toContain(m.pin);
    expect(item.pin_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lists the claimed mandate for its lender only', async () => {
    const m = await issue(2);
    expectStatus(await claim(who.adminA, m), 200);
    const mine = await call(twin, listMandates, { caller: who.dataUserA });
    expectStatus(mine, 200);
    expect(mine.body.mandates.map((x) => x.number)).toContain(m.number);
    const theirs = await call(twin, listMandates, { caller: who.adminB });
    expectStatus(theirs, 200);
    expect(theirs.body.mandates.map((x) => x.number)).not.toContain(m.number);
    expect((await call(twin, listMandates, { caller: who.compliance })).status).toBe(403);
  });

  it('sends the claiming lender’s webhook a signed event with the number and status only; another organisation’s gets nothing', async () => {
    const [mine, theirs] = await Promise.all([
      registeredReceiver(twin, who.adminA, ['mandate.claimed']),
      registeredReceiver(twin, who.adminB, ['mandate.claimed']),
    ]);
    onTestFinished(() => Promise.all([mine.close(), theirs.close()]).then(() => undefined));
    const m = await issue(13);
    expectStatus(await claim(who.dataUserA, m), 200);
    const claimed = await mine.delivery('mandate.claimed', { mandate_number: m.number });
    expect(claimed).toMatchObject({ organisation_id: orgA.orgId, data: { mandate_number: m.number, status: 'claimed' } });
    expect(Object.keys(claimed.data).sort()).toEqual(['mandate_number', 'status']);
    for (const text of [String(base + 13), m.pin, m.mobile, orgA.orgName]) expect(JSON.stringify(claimed)).not.toContain(text);
    expect(theirs.payloads('mandate.claimed')).toEqual([]);
  });

  it('answers a mandate given to another lender exactly as an unknown number (404), and refuses a malformed one (400)', async () => {
    const m = await issue(3);
    const other = await claim(who.adminB, m);
    const unknown = await claim(who.adminB, { number: 'MD-ZZZZ-ZZZ0', pin: '123456' });
    expectStatus(other, 404);
    expectStatus(unknown, 404);
    expect(other.body).toEqual(unknown.body);
    expect(other.text).toBe(unknown.text);
    expect(unknown.body).toEqual({ error: 'mandate_not_found', message: MANDATE_MESSAGES.notFound });
    const malformed = await call(twin, claimMandate, { body: offContract({ mandate_number: 'MD-12', pin: '123456' }), caller: who.adminA });
    expectStatus(malformed, 400);
    expect(malformed.body.message).toContain(MANDATE_MESSAGES.number);
    expect((await call(twin, claimMandate, { body: { mandate_number: m.number, pin: '12ab56' }, caller: who.adminA })).status).toBe(400);
    // The other lender's attempt cost no try: the right PIN still claims it.
    expectStatus(await claim(who.adminA, m), 200);
  });

  it("counts an organisation's failed claims: past the hour's limit every claim answers 429 with when to try again", async () => {
    const orgC = await seedOrganisation(twin, uniquePayeeKey());
    const [adminC, dataUserC] = await Promise.all([tokenFor(['fi_admin'], orgC), tokenFor(['data_user'], orgC, 'data_user')]);
    const mine = await issue(11, orgC);
    const theirs = await issue(12);
    // Unknown numbers, another lender's mandate and wrong PINs count alike, whoever of the organisation tries.
    for (let i = 0; i < MANDATE_FAILED_CLAIMS_PER_HOUR; i++) {
      const attempt =
        i === 0
          ? claim(adminC, theirs)
          : i === 1
            ? claim(dataUserC, { number: mine.number, pin: wrong(mine.pin) })
            : claim(i % 2 ? adminC : dataUserC, { number: `MD-ZZZZ-ZZ${String(i).padStart(2, '0')}`, pin: '123456' });
      expect([400, 404]).toContain((await attempt).status);
    }
    const blocked = await claim(dataUserC, mine);
    expectStatus(blocked, 429);
    expect(blocked.body).toMatchObject({
      error: 'rate_limited',
      message: expect.stringMatching(
        /^Your organisation has made 20 failed mandate claims this hour, the most allowed\. Try again after \d{2}:\d{2} Lusaka time/,
      ),
    });
    // Another organisation is not held back by it.
    expectStatus(await claim(who.adminA, theirs), 200);
  });
});

describe('the PIN', () => {
  it('locks the mandate at the third wrong try; the right PIN is then refused too', async () => {
    const m = await issue(4);
    const first = await claim(who.adminA, { number: m.number, pin: wrong(m.pin) });
    expectStatus(first, 400);
    expect(first.body).toMatchObject({ error: 'wrong_pin', message: MANDATE_MESSAGES.wrongPin(2) });
    expect((await claim(who.adminA, { number: m.number, pin: wrong(m.pin) })).body).toMatchObject({ message: MANDATE_MESSAGES.wrongPin(1) });
    const third = await claim(who.adminA, { number: m.number, pin: wrong(m.pin) });
    expectStatus(third, 409);
    expect(third.body).toMatchObject({ error: 'locked', message: MANDATE_MESSAGES.locked });
    const right = await claim(who.adminA, m);
    expectStatus(right, 409);
    expect(right.body.error).toBe('locked');
  });

  it('counts concurrent wrong guesses without losing one and never past three', async () => {
    const m = await issue(5);
    const answers = await Promise.all(Array.from({ length: 8 }, () => claim(who.adminA, { number: m.number, pin: wrong(m.pin) })));
    expect(answers.filter((a) => a.status === 400)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(6);
    const item = (await documentClient(twin).send(new GetCommand({ TableName: twin.env.TABLE_DIRECTORY, Key: { pk: `MANDATE#${m.number}`, sk: 'MANDATE' } })))
      .Item!;
    expect(item.pin_failures).toBe(3);
    expect((await claim(who.adminA, m)).status).toBe(409);
  });
});

describe('concurrent claims', () => {
  it('lets exactly one of them win; the others are told it was claimed', async () => {
    const m = await issue(6);
    const answers = await Promise.all([who.adminA, who.dataUserA, who.adminA, who.dataUserA, who.adminA].map((token) => claim(token, m)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const losers = answers.filter((a) => a.status !== 200);
    expect(losers.map((a) => a.status)).toEqual([409, 409, 409, 409]);
    for (const loser of losers) expect(loser.body).toMatchObject({ error: 'claimed', message: MANDATE_MESSAGES.alreadyClaimed });
  });
});

describe('mandates that cannot be claimed', () => {
  it('refuses a revoked one and one not claimed within 30 days', async () => {
    const revoked = await issue(7);
    expect((await revokeMandate(revoked.number, nrc(7))).revoked).toBe(true);
    const r = await claim(who.adminA, revoked);
    expectStatus(r, 409);
    expect(r.body).toMatchObject({ error: 'revoked', message: MANDATE_MESSAGES.revoked });

    const expired = await issue(8, orgA, new Date(Date.now() - 31 * 86_400_000));
    const e = await claim(who.adminA, expired);
    expectStatus(e, 409);
    expect(e.body).toMatchObject({ error: 'expired', message: MANDATE_MESSAGES.expired });
  });

  it('revokes only for its own employee and only before it is used', async () => {
    const m = await issue(9);
    expect(await revokeMandate(m.number, nrc(10))).toEqual({ revoked: false, mandate: null });
    expectStatus(await claim(who.adminA, m), 200);
    expect((await revokeMandate(m.number, nrc(9))).revoked).toBe(true);
  });
});
