import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PORTAL_MESSAGES, PORTAL_SIGNAL_TEXT } from '#shared/api/portal.js';
import { getHistory } from '#shared/routes/history.js';
import { decideSubmission } from '#shared/routes/reviews.js';
import { currentMonth, shiftMonth } from '#shared/rules/dates.js';
import { maskNrc, nrcDigits } from '#shared/rules/nrc.js';
import { disputesApi } from '../fixtures/disputes.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { stoppagesRows, workbook } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { outbox, outboxRecord, streamBatch } from './notify-support.js';

/**
 * What the employee portal reads of one person, through the real pipeline on the twin: two lenders'
 * files on their NRC, a lookup of it, and a report of one deduction, read by the portal's domain
 * functions directly (the routes' tests sign an employee in).
 */
const twin = inject('twin');
const api = disputesApi(twin);
const NOW = currentMonth();
const BEFORE = shiftMonth(NOW, -1);
const base = 300_000 + Math.floor(Math.random() * 600_000);
const nrc = (n: number) => `${base + n}/41/1`;
const mine = nrc(1);
const digits = nrcDigits(mine);

let orgA: SeededOrg;
let orgB: SeededOrg;
let adminA = '';
let adminAEmail = '';
let portal: {
  deductionsOf: typeof import('../../lambdas/api/portal/deductions.js').deductionsOf;
  lookupsOf: typeof import('../../lambdas/api/portal/lookups.js').lookupsOf;
  reportDeduction: typeof import('../../lambdas/api/portal/report.js').reportDeduction;
  disputesOfNrc: typeof import('#data/disputes/disputes.js').disputesOfNrc;
};

async function member(org: SeededOrg, role: 'fi_admin' | 'data_user') {
  const user = await createUser(twin, [role]);
  const token = (await signIn(twin, user.email, user.password)).idToken;
  await seedMembership(twin, org, subOf(token), 'approved', role, user.email);
  return { token, email: user.email.toLowerCase() };
}

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  portal = {
    ...(await import('../../lambdas/api/portal/deductions.js')),
    ...(await import('../../lambdas/api/portal/lookups.js')),
    ...(await import('../../lambdas/api/portal/report.js')),
    ...(await import('#data/disputes/disputes.js')),
  };
  orgA = await seedOrganisation(twin, uniquePayeeKey());
  orgB = await seedOrganisation(twin, uniquePayeeKey());
  const [a, b] = await Promise.all([member(orgA, 'fi_admin'), member(orgB, 'fi_admin')]);
  adminA = a.token;
  adminAEmail = a.email;
  // Lender A deducts last month and this month (continuing: no signal); lender B starts this month (NEW).
  await api.deduct(adminA, orgA, BEFORE, [mine, nrc(2)]);
  await api.deduct(adminA, orgA, NOW, [mine, nrc(2)]);
  await api.deduct(b.token, orgB, NOW, [mine]);
}, 180_000);

describe('deductionsOf', () => {
  it('lists every deduction on the NRC, newest month first, with its lender, state, signals and this month’s total', async () => {
    const view = await portal.deductionsOf(digits);
    expect(view).toMatchObject({ nrc: mine, to_month: NOW, from_month: shiftMonth(NOW, -11), total_this_month: 500 });
    expect(view.items.map((d) => [d.month, d.payee_key]).sort()).toEqual(
      [
        [BEFORE, orgA.payeeKey],
        [NOW, orgA.payeeKey],
        [NOW, orgB.payeeKey],
      ].sort(),
    );
    expect(view.items.map((d) => d.month)).toEqual([NOW, NOW, BEFORE]);
    const ofB = view.items.find((d) => d.payee_key === orgB.payeeKey)!;
    expect(ofB).toMatchObject({ org_name: orgB.orgName, installment: 250, state: 'submitted', counted: true, dispute: null, can_report: true });
    expect(ofB.signals).toContainEqual({ type: 'NEW', text: PORTAL_SIGNAL_TEXT.NEW });
    const ofANow = view.items.find((d) => d.payee_key === orgA.payeeKey && d.month === NOW)!;
    expect(ofANow.signals.map((s) => s.type)).not.toContain('NEW');
  });

  it('says a rejected file’s deduction is rejected and leaves it out of the total, and a stoppage is stopped', async () => {
    const orgC = await seedOrganisation(twin, uniquePayeeKey());
    const c = await member(orgC, 'fi_admin');
    const rejectedId = await api.deduct(c.token, orgC, NOW, [nrc(6)]);
    const reviewer = await createUser(twin, ['compliance']);
    const token = (await signIn(twin, reviewer.email, reviewer.password)).idToken;
    expectStatus(await call(twin, decideSubmission, { params: { id: rejectedId }, body: { decision: 'reject', note: 'Wrong month' }, caller: token }), 200);
    expect(await portal.deductionsOf(nrcDigits(nrc(6)))).toMatchObject({
      total_this_month: 0,
      items: [{ payee_key: orgC.payeeKey, state: 'rejected', counted: false }],
    });

    const lender = submissionsApi(twin);
    const stoppages = await lender.submitWorkbook(
      c.token,
      { kind: 'stoppages', month: NOW, payeeKey: orgC.payeeKey, fileName: 'stoppages.xlsx' },
      workbook(stoppagesRows(NOW, orgC.payeeKey, [nrc(7)])),
    );
    await lender.waitForIngestion(c.token, stoppages);
    const stopped = await portal.deductionsOf(nrcDigits(nrc(7)));
    expect(stopped.items).toEqual([expect.objectContaining({ payee_key: orgC.payeeKey, state: 'stopped', can_report: false })]);
  });

  it('shows nothing of another person’s deductions, and nothing for an NRC with none', async () => {
    const other = await portal.deductionsOf(nrcDigits(nrc(2)));
    expect(other.items.every((d) => d.payee_key === orgA.payeeKey)).toBe(true);
    expect(await portal.deductionsOf(nrcDigits(nrc(9)))).toMatchObject({ items: [], total_this_month: 0 });
  });
});

describe('lookupsOf', () => {
  it('names the organisation and the time of each history lookup of the NRC, and of no other', async () => {
    const user = await member(orgA, 'data_user');
    const before = (await portal.lookupsOf(digits)).items.length;
    const startedAt = new Date().toISOString();
    expectStatus(await call(twin, getHistory, { query: { nrc: mine }, caller: user.token }), 200);
    expectStatus(await call(twin, getHistory, { query: { nrc: nrc(2) }, caller: user.token }), 200);
    const after = (await portal.lookupsOf(digits)).items;
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toMatchObject({ organisation: orgA.orgName, kind: 'history' });
    expect(after[0]!.at >= startedAt).toBe(true);
    expect(JSON.stringify(after)).not.toContain(user.email);
  });
});

describe('reportDeduction', () => {
  const me = { userId: randomUUID(), nrc: mine };

  it('opens a dispute marked as the employee’s, which reviewers see in their queue, and emails the lender’s admins', async () => {
    const { addToCurrentRegister, registerEntry } = await import('../support/register.js');
    await addToCurrentRegister([registerEntry({ nrc: mine, first_name: 'Natasha', last_name: 'Zulu' })]);
    const { dispute, upload } = await portal.reportDeduction(me, { payee_key: orgA.payeeKey, month: NOW, reason: 'I never took a loan from this lender.' });
    expect(upload).toBeUndefined();
    expect(dispute).toMatchObject({ status: 'open', nrc: mine, payee_key: orgA.payeeKey, month: NOW, opened_by: 'employee', org_id: orgA.orgId });
    expect((await portal.disputesOfNrc(digits)).map((d) => d.id)).toContain(dispute.id);
    const view = await portal.deductionsOf(digits);
    expect(view.items.find((d) => d.payee_key === orgA.payeeKey && d.month === NOW)).toMatchObject({
      dispute: { id: dispute.id, status: 'open' },
      can_report: false,
    });
    const seen = okBody(await api.get(adminA, dispute.id)).dispute;
    expect(seen).toMatchObject({ opened_by: 'employee', opened: { email: '' }, can_respond: true });
    const [email] = await outbox(twin).exactlyOne([adminAEmail], dispute.id);
    // The lender can find the loan: the register's name and the NRC masked, never the whole NRC.
    expect(email!.text).toContain('Employee: Natasha Zulu');
    expect(email!.text).toContain(`NRC: ${maskNrc(mine)}`);
    expect(`${email!.subject}${email!.html}${email!.text}`).not.toContain(digits.slice(0, 6));
  });

  it('refuses a second report of the same deduction while the first is undecided', async () => {
    await expect(portal.reportDeduction(me, { payee_key: orgB.payeeKey, month: NOW, reason: 'Not mine.' })).resolves.toMatchObject({
      dispute: { opened_by: 'employee' },
    });
    await expect(portal.reportDeduction(me, { payee_key: orgB.payeeKey, month: NOW, reason: 'Not mine, again.' })).rejects.toMatchObject({
      statusCode: 409,
      message: PORTAL_MESSAGES.alreadyOpen,
    });
  });

  it.each([
    ['a month without a deduction', () => ({ payee_key: orgA.payeeKey, month: shiftMonth(NOW, -5) })],
    ['a lender that never deducted from them', () => ({ payee_key: orgB.payeeKey, month: BEFORE })],
    ['a payee key no organisation holds', () => ({ payee_key: uniquePayeeKey(), month: NOW })],
    ['another person’s deduction', () => ({ payee_key: orgA.payeeKey, month: NOW, nrc: nrc(3) })],
  ])('answers 404 for %s, and opens nothing', async (_, input) => {
    const { nrc: who = mine, ...body } = input() as { payee_key: string; month: string; nrc?: string };
    const before = (await portal.disputesOfNrc(nrcDigits(who))).length;
    await expect(portal.reportDeduction({ ...me, nrc: who }, { ...body, reason: 'Not mine.' })).rejects.toMatchObject({
      statusCode: 404,
      message: PORTAL_MESSAGES.noDeduction,
    });
    expect(await portal.disputesOfNrc(nrcDigits(who))).toHaveLength(before);
  });
});

describe('evidence with a report', () => {
  const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  beforeAll(() => api.deduct(adminA, orgA, shiftMonth(NOW, -2), [nrc(4), nrc(5)]), 60_000);

  it('gives one upload for a photo or PDF, which reviewers see once its bytes say it is what its name says', async () => {
    const me = { userId: randomUUID(), nrc: nrc(4) };
    const photo = await portal.reportDeduction(me, {
      payee_key: orgA.payeeKey,
      month: shiftMonth(NOW, -2),
      reason: 'My payslip shows it; I never signed.',
      file_name: 'payslip photo.jpg',
      size: JPEG.length,
      content_type: 'image/jpeg',
    });
    expect((await api.postFile(photo.upload!, JPEG, 'payslip photo.jpg')).status).toBe(204);
    const seen = okBody(await api.get(adminA, photo.dispute.id)).dispute.evidence;
    expect(seen).toEqual([expect.objectContaining({ party: 'employee', name: 'payslip-photo.jpg', not_pdf: false, url: expect.any(String) })]);
  });

  it('lists a file whose bytes are not what its name says, and never serves it', async () => {
    const who = nrc(5);
    const fake = Buffer.from('MZ this is a program, not a photo');
    const { dispute, upload } = await portal.reportDeduction(
      { userId: randomUUID(), nrc: who },
      { payee_key: orgA.payeeKey, month: shiftMonth(NOW, -2), reason: 'Not mine.', file_name: 'scan.png', size: fake.length },
    );
    expect((await api.postFile(upload!, fake, 'scan.png')).status).toBe(204);
    expect(okBody(await api.get(adminA, dispute.id)).dispute.evidence).toEqual([expect.objectContaining({ party: 'employee', not_pdf: true, url: null })]);
  });

  it('refuses a file of another type before opening anything', async () => {
    await expect(
      portal.reportDeduction(
        { userId: randomUUID(), nrc: mine },
        { payee_key: orgA.payeeKey, month: BEFORE, reason: 'Not mine.', file_name: 'a.jpg', size: 10, content_type: 'application/x-msdownload' },
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('the decision of a reported deduction', () => {
  it('is texted once to the mobile the register holds for the employee, even when its event comes again', async () => {
    const { addToCurrentRegister, registerEntry } = await import('../support/register.js');
    const entry = registerEntry({ nrc: mine });
    await addToCurrentRegister([entry]);
    const { dispute } = await portal.reportDeduction(
      { userId: randomUUID(), nrc: mine },
      { payee_key: orgA.payeeKey, month: BEFORE, reason: 'I never borrowed from them.' },
    );
    const compliance = await createUser(twin, ['compliance']);
    const token = (await signIn(twin, compliance.email, compliance.password)).idToken;
    expectStatus(await api.decide(token, dispute.id, { decision: 'upheld', note: 'The lender showed no signed form.' }), 200);
    const isDecision = (m: { body?: string }) => Boolean(m.body?.includes('decided in your favour'));
    const [text] = await outbox(twin).exactlyOne([entry.mobile], isDecision);
    expect(text).toMatchObject({ kind: 'sms', to: entry.mobile });
    expect(text!.body).toContain(BEFORE);
    expect(text!.body).toContain(`${orgA.orgName}'s`);
    expect(text!.body).not.toContain(`lender ${orgA.payeeKey}`);
    expect(text!.body).not.toContain(digits);

    const { outboxItem } = await import('#data/notifications/outbox.js');
    const { handler } = await import('../../lambdas/events/send-notification.js');
    const event = {
      kind: 'dispute.decided',
      dispute_id: dispute.id,
      org_id: orgA.orgId,
      payee_key: orgA.payeeKey,
      month: BEFORE,
      nrc: mine,
      decision: 'upheld',
      note: 'The lender showed no signed form.',
      opened_by: 'employee',
    } as const;
    await handler(streamBatch(outboxRecord(outboxItem(event))));
    expect(await outbox(twin).about(entry.mobile, isDecision)).toHaveLength(1);
  });

  it('texts nobody for a dispute a reviewer opened', async () => {
    const { addToCurrentRegister, registerEntry } = await import('../support/register.js');
    const other = nrc(2);
    const entry = registerEntry({ nrc: other });
    await addToCurrentRegister([entry]);
    const compliance = await createUser(twin, ['compliance']);
    const token = (await signIn(twin, compliance.email, compliance.password)).idToken;
    const opened = okBody(await api.open(token, { nrc: other, payee_key: orgA.payeeKey, month: NOW, reason: 'Reported at the desk.' })).dispute;
    expectStatus(await api.decide(token, opened.id, { decision: 'dismissed', note: 'The signed form is on file.' }), 200);
    await outbox(twin).exactlyOne([adminAEmail], (m) => m.links.some((l) => l.includes(opened.id)) && m.subject.includes('dismissed'));
    expect(await outbox(twin).messages(entry.mobile)).toEqual([]);
  });
});
