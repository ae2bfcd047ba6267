import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MANDATE_MESSAGES } from '#shared/api/mandates.js';
import { claimMandate } from '#shared/routes/mandates.js';
import { updateSettings } from '#shared/routes/settings.js';
import { currentMonth, shiftMonth } from '#shared/rules/dates.js';
import { citingRows, issueTestMandate, MANDATE_HEADER, type CitingRow, type IssuedMandate } from '../fixtures/mandates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { documentClient, seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { textsTo } from '../support/employee.js';
import { twinSettled } from '../support/twin-process.js';

/**
 * Files citing mandates through the real pipeline on the twin: every NO_MANDATE reason on one real
 * file, a continuing month that needs none, ingestion marking the mandate used (and texting the employee
 * once), and the `mandates.required_from` setting turning NO_MANDATE into row errors that block submit.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const M = currentMonth();
const P = shiftMonth(M, -1);
const base = 500_000 + Math.floor(Math.random() * 90_000) * 10;
const nrc = (n: number) => `${base + n}/51/1`;
let orgA: SeededOrg;
let orgB: SeededOrg;
let orgC: SeededOrg;
const who = { adminA: '', adminB: '', adminC: '', platform: '' };

async function tokenFor(roles: Parameters<typeof createUser>[1], org?: SeededOrg) {
  const user = await createUser(twin, roles);
  const token = (await signIn(twin, user.email, user.password)).idToken;
  if (org) await seedMembership(twin, org, subOf(token), 'approved', 'fi_admin', user.email);
  return token;
}
const issue = (n: number, org: SeededOrg, terms: { max?: number; last?: string } = {}, now?: Date) =>
  issueTestMandate(
    twin,
    { nrc: nrc(n), payee_key: org.payeeKey, org_name: org.orgName, max_monthly: terms.max ?? 500, last_month: terms.last ?? shiftMonth(M, 12) },
    now,
  );
async function claimed(token: string, m: IssuedMandate) {
  expectStatus(await call(twin, claimMandate, { body: { mandate_number: m.number, pin: m.pin }, caller: token }), 200);
  return m;
}
const validate = (token: string, org: SeededOrg, month: string, rows: CitingRow[], header = MANDATE_HEADER) => {
  const data = workbook(citingRows(month, org.payeeKey, rows, header));
  return api.upload(token, { doc_kind: 'inputs', month, payee_key: org.payeeKey, file_name: 'inputs.xlsx', size: data.length, content_type: XLSX_MIME }, data);
};
const setRequiredFrom = (required_from: string | null) => call(twin, updateSettings, { body: { mandates: { required_from } }, caller: who.platform });
const noMandate = (u: Awaited<ReturnType<typeof validate>>) => new Map(u.signals.filter((s) => s.type === 'NO_MANDATE').map((s) => [s.nrc, s.message]));

const m: Record<string, IssuedMandate> = {};
let reasons: CitingRow[];

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  const { revokeMandate } = await import('#data/mandates/claims.js');
  [orgA, orgB, orgC] = await Promise.all([
    seedOrganisation(twin, uniquePayeeKey()),
    seedOrganisation(twin, uniquePayeeKey()),
    seedOrganisation(twin, uniquePayeeKey()),
  ]);
  [who.adminA, who.adminB, who.adminC, who.platform] = await Promise.all([
    tokenFor(['fi_admin'], orgA),
    tokenFor(['fi_admin'], orgB),
    tokenFor(['fi_admin'], orgC),
    tokenFor(['sys_admin']),
  ]);
  m.good = await claimed(who.adminA, await issue(1, orgA));
  m.notClaimed = await issue(3, orgA);
  m.ofAnother = await claimed(who.adminA, await issue(5, orgA));
  m.overLimit = await claimed(who.adminA, await issue(6, orgA, { max: 100 }));
  m.pastLast = await claimed(who.adminA, await issue(7, orgA, { last: shiftMonth(M, 1) }));
  m.revoked = await claimed(who.adminA, await issue(8, orgA));
  await revokeMandate(m.revoked.number, nrc(8));
  m.expired = await issue(9, orgA, {}, new Date(Date.now() - 31 * 86_400_000));
  m.otherPayee = await claimed(who.adminB, await issue(11, orgB));
  m.locked = await issue(12, orgA);
  const wrongPin = m.locked.pin === '000000' ? '111111' : '000000';
  for (let i = 0; i < 3; i++) await call(twin, claimMandate, { body: { mandate_number: m.locked.number, pin: wrongPin }, caller: who.adminA });
  reasons = [
    { nrc: nrc(1), mandate: m.good!.number.toLowerCase() },
    { nrc: nrc(2) },
    { nrc: nrc(3), mandate: m.notClaimed!.number },
    { nrc: nrc(4), mandate: m.ofAnother!.number },
    { nrc: nrc(6), mandate: m.overLimit!.number, amount: 250 },
    { nrc: nrc(7), mandate: m.pastLast!.number, endMonth: shiftMonth(M, 2) },
    { nrc: nrc(8), mandate: m.revoked!.number },
    { nrc: nrc(9), mandate: m.expired!.number },
    { nrc: nrc(10), mandate: 'MD-ZZZZ-ZZZ0' },
    { nrc: nrc(11), mandate: m.otherPayee!.number },
    { nrc: nrc(12), mandate: m.locked!.number },
  ];
}, 180_000);

afterAll(async () => {
  await setRequiredFrom(null);
});

describe('a new deduction must cite a mandate that covers it', () => {
  it('flags each new deduction whose mandate does not, naming the reason, and not the one that does', async () => {
    const u = await validate(who.adminA, orgA, M, reasons);
    expect(u.status).toBe('validated');
    expect(u.errors).toEqual([]);
    const found = noMandate(u);
    expect(found.has(nrc(1))).toBe(false);
    expect(Object.fromEntries(found)).toEqual({
      [nrc(2)]: 'A new deduction must cite the employee’s mandate in the MANDATE column.',
      [nrc(3)]: `Mandate ${m.notClaimed!.number} has not been claimed. Claim it with the employee’s PIN on Mandates first.`,
      [nrc(4)]: `Mandate ${m.ofAnother!.number} was given by another employee, not NRC ${nrc(4)}.`,
      [nrc(6)]: 'The installment ZMW 250.00 is over the mandate’s limit of ZMW 100.00 a month.',
      [nrc(7)]: `The deduction ends in ${shiftMonth(M, 2)}, after the mandate’s last month, ${shiftMonth(M, 1)}.`,
      [nrc(8)]: `Mandate ${m.revoked!.number} was revoked by the employee.`,
      [nrc(9)]: `Mandate ${m.expired!.number} expired before it was claimed.`,
      [nrc(10)]: 'Mandate MD-ZZZZ-ZZZ0 does not exist. Check the number the employee gave.',
      [nrc(11)]: `Mandate ${m.otherPayee!.number} was given to payee key ${orgB.payeeKey}, not ${orgA.payeeKey}.`,
      [nrc(12)]: `Mandate ${m.locked!.number} is locked after wrong PINs: it can never be claimed. Ask the employee to give a new mandate.`,
    });
    expect(u.signal_counts).toMatchObject({ new: 11, no_mandate: 10 });
  });

  it('marks the cited mandate used at ingestion, texts the employee once, and needs none the next month', async () => {
    const cited = await claimed(who.adminC, await issue(20, orgC));
    const first = await validate(who.adminC, orgC, P, [{ nrc: nrc(20), mandate: cited.number }], [...MANDATE_HEADER.slice(0, -1), 'CONSENT REF']);
    expect(noMandate(first).size).toBe(0);
    expectStatus(await api.submit(who.adminC, first.id), 200);
    expect((await api.waitForIngestion(who.adminC, first.id)).ingestion.status).toBe('done');

    const item = (
      await documentClient(twin).send(new GetCommand({ TableName: twin.env.TABLE_DIRECTORY, Key: { pk: `MANDATE#${cited.number}`, sk: 'MANDATE' } }))
    ).Item!;
    expect(item).toMatchObject({ state: 'used', used_month: P, used_submission: expect.any(String) });
    // Its mirror on the employee's NRC summary, which the next file's check reads, says the same.
    const digits = nrc(20).replace(/\D/g, '');
    const summary = (await documentClient(twin).send(new GetCommand({ TableName: twin.env.TABLE_HISTORY, Key: { pk: `NRC#${digits}`, sk: 'RECORD' } }))).Item!;
    expect(summary[`m_${cited.number}`]).toEqual({ p: orgC.payeeKey, l: 500, e: shiftMonth(M, 12), s: 'used', u: P });
    const usedTexts = async () => (await textsTo(twin, cited.mobile)).filter((t) => t.body.includes('was used'));
    const deadline = Date.now() + 20_000;
    while ((await usedTexts()).length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 150));
    await twinSettled(twin);
    expect((await usedTexts()).map((t) => t.body)).toEqual([MANDATE_MESSAGES.sms.used(cited.number, P)]);

    // The next month: the deduction continues without a mandate; a new one without is flagged.
    const next = await validate(who.adminC, orgC, M, [{ nrc: nrc(20) }, { nrc: nrc(21) }]);
    expect([...noMandate(next).keys()]).toEqual([nrc(21)]);
  });
});

describe('mandates required from a month', () => {
  it('turns NO_MANDATE into row errors from that month on, so the file cannot be submitted', async () => {
    expectStatus(await setRequiredFrom(M), 200);
    const blocked = await validate(who.adminA, orgA, M, reasons);
    const mandateErrors = blocked.errors.filter((e) => e.type === 'MANDATE');
    expect(mandateErrors).toHaveLength(10);
    expect(mandateErrors[0]).toMatchObject({ column: 'Mandate', message: 'A new deduction must cite the employee’s mandate in the MANDATE column.' });
    const refused = await api.submit(who.adminA, blocked.id);
    expectStatus(refused, 409);
    expect(refused.body.error).toBe('has_errors');

    expectStatus(await setRequiredFrom(shiftMonth(M, 1)), 200);
    const before = await validate(who.adminA, orgA, M, reasons);
    expect(before.errors).toEqual([]);
    expect(noMandate(before).size).toBe(10);
  });

  it('is a platform admin’s setting, validated as a month', async () => {
    expect((await call(twin, updateSettings, { body: { mandates: { required_from: M } }, caller: who.adminA })).status).toBe(403);
    const bad = await setRequiredFrom('2026-13');
    expectStatus(bad, 400);
  });
});
