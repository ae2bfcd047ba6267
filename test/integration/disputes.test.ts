import { beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { DISPUTE_EVIDENCE_MAX_FILES, DISPUTE_MESSAGES } from '#shared/api/disputes.js';
import { getNrcAudit } from '#shared/routes/audit.js';
import { getDashboardMetrics } from '#shared/routes/dashboard.js';
import { openDispute } from '#shared/routes/disputes.js';
import { createFraudReport, searchFraudReports } from '#shared/routes/fraud.js';
import { getHistory } from '#shared/routes/history.js';
import { currentMonth, shiftMonth } from '#shared/rules/dates.js';
import { SIGNAL_MESSAGES } from '#shared/rules/signals.js';
import { disputesApi } from '../fixtures/disputes.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { TINY_PDF } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, offContract, okBody, type Answer, type RouteBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { registeredReceiver } from '../support/webhooks.js';
import { outbox } from './notify-support.js';

/**
 * Disputes through the real handlers on the twin: every transition and refusal — wrong
 * role, wrong organisation, wrong state, two decisions at once — and what an upheld dispute leaves on
 * the borrower's record.
 */
const twin = inject('twin');
const api = disputesApi(twin);
const M = shiftMonth(currentMonth(), -1);
const base = 300_000 + Math.floor(Math.random() * 600_000);
const nrc = (n: number) => `${base + n}/31/1`;

const who = { compliance: '', platform: '', pmec: '', adminA: '', adminB: '', dataUser: '' };
let orgA: SeededOrg;
let orgB: SeededOrg;

const emailOf = new Map<string, string>();
async function tokenFor(roles: Parameters<typeof createUser>[1], org?: SeededOrg, role?: Parameters<typeof seedMembership>[4]) {
  const user = await createUser(twin, roles);
  const token = (await signIn(twin, user.email, user.password)).idToken;
  if (org) await seedMembership(twin, org, subOf(token), 'approved', role, user.email);
  emailOf.set(token, user.email.toLowerCase());
  return token;
}
const ok = (res: Answer<RouteBody<typeof openDispute>>, status: 200 | 201 = 200) => {
  expectStatus(res, status);
  return api.dispute(res);
};
const open = async (n: number, token = who.compliance) =>
  ok(await api.open(token, { nrc: nrc(n), payee_key: orgA.payeeKey, month: M, reason: 'The employee says they never took this loan.' }), 201);

beforeAll(async () => {
  orgA = await seedOrganisation(twin, uniquePayeeKey());
  orgB = await seedOrganisation(twin, uniquePayeeKey());
  const pmecOrg = await seedOrganisation(twin, uniquePayeeKey('pmec'), 'PMEC Payroll', 'pmec');
  [who.compliance, who.platform, who.pmec, who.adminA, who.adminB, who.dataUser] = await Promise.all([
    tokenFor(['compliance']),
    tokenFor(['sys_admin']),
    tokenFor(['pmec_admin'], pmecOrg, 'pmec_admin'),
    tokenFor(['fi_admin'], orgA),
    tokenFor(['fi_admin'], orgB),
    tokenFor(['data_user'], orgA, 'data_user'),
  ]);
  await api.deduct(who.adminA, orgA, M, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(nrc));
}, 120_000);

describe('opening a dispute', () => {
  it('is for compliance, PMEC admins and platform admins, on a deduction on record', async () => {
    const opened = await open(1);
    expect(opened).toMatchObject({
      status: 'open',
      nrc: nrc(1),
      payee_key: orgA.payeeKey,
      month: M,
      org_name: orgA.orgName,
      response: null,
      decision: null,
      can_decide: true,
      can_respond: false,
    });
    expect((await api.open(who.pmec, { nrc: nrc(2), payee_key: orgA.payeeKey, month: M, reason: 'Reported at the PMEC desk.' })).status).toBe(201);
    expect((await api.open(who.platform, { nrc: nrc(3), payee_key: orgA.payeeKey, month: M, reason: 'x' })).status).toBe(201);
  });

  it.each([
    ['an FI admin', () => who.adminA, 403],
    ['a data user', () => who.dataUser, 403],
  ])('refuses %s', async (_name, token, status) => {
    const res = await api.open(token(), { nrc: nrc(4), payee_key: orgA.payeeKey, month: M, reason: 'Not mine to open' });
    expect(res.status).toBe(status);
  });

  it.each([
    ['a malformed NRC', { nrc: '12/3' }, DISPUTE_MESSAGES.nrc],
    ['a malformed month', { month: '2026-13' }, DISPUTE_MESSAGES.month],
    ['an empty reason', { reason: '   ' }, DISPUTE_MESSAGES.reason],
    ['a reason too long', { reason: 'x'.repeat(2_001) }, DISPUTE_MESSAGES.reason],
    ['a reason of the wrong type', { reason: 42 }, DISPUTE_MESSAGES.reason],
    ['a hostile payee key', { payee_key: '<script>' }, DISPUTE_MESSAGES.payeeKey],
    ['a payee key no organisation has', { payee_key: 'ZZ-NOBODY' }, DISPUTE_MESSAGES.unknownPayee('ZZ-NOBODY')],
    ['a month without the deduction', { month: shiftMonth(M, -5) }, `There is no deduction for ${nrc(4)} by`],
    ['an NRC the lender does not deduct from', { nrc: nrc(99) }, `There is no deduction for ${nrc(99)}`],
  ])('answers 400 for %s, storing nothing', async (_name, change, message) => {
    const before = okBody(await api.list(who.compliance)).items.length;
    const res = await api.open(who.compliance, offContract({ nrc: nrc(4), payee_key: orgA.payeeKey, month: M, reason: 'Never took it', ...change }));
    expectStatus(res, 400);
    expect(res.body.message).toContain(message);
    expect(okBody(await api.list(who.compliance)).items).toHaveLength(before);
  });

  it('allows one undecided dispute per deduction', async () => {
    await open(5);
    const again = await api.open(who.pmec, { nrc: nrc(5), payee_key: orgA.payeeKey, month: M, reason: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'dispute_exists', message: DISPUTE_MESSAGES.alreadyOpen });
  });
});

describe('who sees which dispute', () => {
  it('shows reviewers every dispute and the lender its own; other organisations nothing', async () => {
    const d = await open(4);
    const ids = async (token: string, status = '') => okBody(await api.list(token, status)).items.map((x) => x.id);
    expect(await ids(who.compliance)).toContain(d.id);
    expect(await ids(who.pmec)).toContain(d.id);
    expect(await ids(who.adminA)).toContain(d.id);
    expect(await ids(who.adminB)).not.toContain(d.id);
    expect(await ids(who.compliance, 'open')).toContain(d.id);
    expect(await ids(who.compliance, 'dismissed')).not.toContain(d.id);
    expect(okBody(await api.list(who.adminA)).can_open).toBe(false);
    expect((await api.list(who.dataUser)).status).toBe(403);
    expect((await api.list(who.compliance, 'bogus')).status).toBe(400);
    expect((await api.get(who.adminB, d.id)).status).toBe(404);
    expect((await api.get(who.adminA, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api.get(who.adminA, '../etc')).status).toBe(404);
    expect(ok(await api.get(who.adminA, d.id))).toMatchObject({ id: d.id, can_respond: true, can_decide: false, evidence: [] });
  });
});

describe('answering and deciding', () => {
  let d: ReturnType<typeof api.dispute>;
  beforeAll(async () => {
    d = await open(6);
  });

  it('takes PDF evidence from both sides, and nothing else', async () => {
    for (const [token, name] of [
      [who.adminA, 'loan agreement.pdf'],
      [who.compliance, 'payslip.pdf'],
    ] as const) {
      const res = await api.evidence(token, d.id, { file_name: name, size: TINY_PDF.length, content_type: 'application/pdf' });
      expectStatus(res, 200);
      expect((await api.postFile(res.body.upload, TINY_PDF, name)).status).toBe(204);
    }
    expect((await api.evidence(who.adminA, d.id, { file_name: 'photo.png', size: 10 })).status).toBe(400);
    expect((await api.evidence(who.adminA, d.id, { file_name: 'a.pdf', size: 10, content_type: 'image/png' })).status).toBe(400);
    expect((await api.evidence(who.adminA, d.id, { file_name: 'a.pdf', size: 10 * 1024 * 1024 + 1 })).status).toBe(400);
    expect((await api.evidence(who.adminB, d.id, { file_name: 'a.pdf', size: 10 })).status).toBe(404);
    const evidence = ok(await api.get(who.compliance, d.id)).evidence!;
    expect(evidence.map((e) => [e.party, e.name])).toEqual([
      ['lender', 'loan-agreement.pdf'],
      ['reviewer', 'payslip.pdf'],
    ]);
    expect(evidence.map((e) => e.not_pdf)).toEqual([false, false]);
    expect((await fetch(evidence[0]!.url!)).status).toBe(200);
  });

  it('links the version whose first bytes were checked: other bytes posted under its key later are not served by it', async () => {
    const res = await api.evidence(who.adminA, d.id, { file_name: 'statement.pdf', size: 4096, content_type: 'application/pdf' });
    expectStatus(res, 200);
    expect((await api.postFile(res.body.upload, TINY_PDF, 'statement.pdf')).status).toBe(204);
    const link = ok(await api.get(who.compliance, d.id)).evidence!.find((e) => e.name === 'statement.pdf')!.url!;
    expect(new URL(link).searchParams.get('versionId')).toBeTruthy();
    expect(Buffer.from(await (await fetch(link)).arrayBuffer()).equals(TINY_PDF)).toBe(true);

    // The same upload form posted again, within its life, with bytes that are no PDF.
    expect((await api.postFile(res.body.upload, Buffer.from('<html><script>alert(1)</script></html>'), 'statement.pdf')).status).toBe(204);
    const swapped = await fetch(link);
    expect(swapped.status).toBe(404);
    expect(await swapped.text()).toContain('NoSuchVersion');
    expect(ok(await api.get(who.compliance, d.id)).evidence!.find((e) => e.name === 'statement.pdf')).toMatchObject({ not_pdf: true, url: null });
  });

  it('lists a file that is not a PDF as such, with no link, beside the real ones', async () => {
    const other = await open(10);
    const send = async (name: string, bytes: Buffer) => {
      const res = await api.evidence(who.adminA, other.id, { file_name: name, size: bytes.length, content_type: 'application/pdf' });
      expect((await api.postFile((res.body as { upload: { url: string; fields: Record<string, string> } }).upload, bytes, name)).status).toBe(204);
    };
    await send('real.pdf', TINY_PDF);
    await send('page.pdf', Buffer.from('<html><script>alert(1)</script></html>'));
    const evidence = ok(await api.get(who.compliance, other.id)).evidence!;
    // Two files posted within a second: the listing's order between them is not defined, so sort by name.
    expect(evidence.map((e) => [e.name, e.not_pdf, e.url === null]).sort()).toEqual([
      ['page.pdf', true, true],
      ['real.pdf', false, false],
    ]);
  });

  it('counts the upload links it gives, not the files that land: the eleventh link is refused with the cap', async () => {
    const other = await open(9);
    const ask = (token: string, n: number) =>
      api.evidence(token, other.id, { file_name: `page-${n}.pdf`, size: TINY_PDF.length, content_type: 'application/pdf' });
    const links = await Promise.all(Array.from({ length: DISPUTE_EVIDENCE_MAX_FILES }, (_, n) => ask(n % 2 ? who.adminA : who.compliance, n)));
    expect(links.map((res) => res.status)).toEqual(Array(DISPUTE_EVIDENCE_MAX_FILES).fill(200));
    const eleventh = await ask(who.adminA, 11);
    expect(eleventh.status).toBe(409);
    expect(eleventh.body).toMatchObject({ error: 'too_many_files', message: DISPUTE_MESSAGES.evidenceLinksUsed });
    expect(eleventh.body).toMatchObject({ message: expect.stringContaining(String(DISPUTE_EVIDENCE_MAX_FILES)) });
  });

  it('lets only the lender’s admins answer, once', async () => {
    expect((await api.respond(who.adminB, d.id, { message: 'Not ours' })).status).toBe(404);
    expect((await api.respond(who.pmec, d.id, { message: 'Not ours' })).status).toBe(403);
    expect((await api.respond(who.dataUser, d.id, { message: 'x' })).status).toBe(403);
    expect((await api.respond(who.adminA, d.id, { message: '' })).status).toBe(400);
    expect(ok(await api.get(who.compliance, d.id)).status).toBe('open');
    const answered = ok(await api.respond(who.adminA, d.id, { message: 'The borrower signed the agreement attached.' }));
    expect(answered).toMatchObject({ status: 'answered', response: { message: 'The borrower signed the agreement attached.' }, can_respond: false });
    const again = await api.respond(who.adminA, d.id, { message: 'More' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'not_open', details: { dispute: { status: 'answered' } } });
  });

  it('lets compliance and platform admins decide, with a note; of two decisions at once one wins', async () => {
    expect((await api.decide(who.adminA, d.id, { decision: 'dismissed', note: 'x' })).status).toBe(403);
    expect((await api.decide(who.pmec, d.id, { decision: 'upheld', note: 'x' })).status).toBe(403);
    expect((await api.decide(who.compliance, d.id, offContract({ decision: 'upheld' }))).status).toBe(400);
    expect((await api.decide(who.compliance, d.id, offContract({ decision: 'maybe', note: 'x' }))).status).toBe(400);
    const [a, b] = await Promise.all([
      api.decide(who.compliance, d.id, { decision: 'upheld', note: 'The signature does not match.' }),
      api.decide(who.platform, d.id, { decision: 'dismissed', note: 'The agreement is signed.' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [winner, loser] = a.status === 200 ? [a, b] : [b, a];
    const status = api.dispute(winner).status;
    expect(loser.body).toMatchObject({ error: 'already_decided', details: { dispute: { status } } });
    expect(ok(await api.get(who.adminA, d.id))).toMatchObject({ status, can_respond: false, can_decide: false, can_add_evidence: false });
    expect((await api.evidence(who.adminA, d.id, { file_name: 'late.pdf', size: 10 })).status).toBe(409);
    // Decided, the deduction may be disputed again.
    expect((await api.open(who.compliance, { nrc: nrc(6), payee_key: orgA.payeeKey, month: M, reason: 'New facts' })).status).toBe(201);
    // Every change is in the NRC's audit trail.
    const trail = JSON.stringify((await call(twin, getNrcAudit, { query: { nrc: nrc(6) }, caller: who.platform })).body);
    for (const action of ['dispute.open', 'dispute.decide']) expect(trail).toContain(action);
  });
});

describe('an upheld dispute on the borrower’s record', () => {
  const historyOf = async (n: number) => okBody(await call(twin, getHistory, { query: { nrc: nrc(n) }, caller: who.adminA })).items;
  const disputeOn = async (n: number) => okBody(await api.list(who.compliance)).items.find((x) => x.nrc === nrc(n) && x.status === 'open')!;

  // A report is filed as the organisation holding its payee key: each lender files under its own.
  const fileReport = async (n: number, payeeKey: string) => {
    const res = await call(twin, createFraudReport, {
      body: { type: 'Other', nrc: nrc(n), person_name: 'Mary Banda', report_month: M, payee_key: payeeKey, description: 'Defaulted after two months.' },
      caller: payeeKey === orgA.payeeKey ? who.adminA : who.adminB,
    });
    expectStatus(res, 200);
    return res.body.id;
  };
  const reportsOn = async (n: number) => okBody(await call(twin, searchFraudReports, { body: { nrcs: [nrc(n)] }, caller: who.compliance })).items;

  it('marks the deduction “disputed — upheld” on history, and the lender’s fraud reports on the borrower “disputed”; a dismissed one marks nothing', async () => {
    const [ours, others, dismissedOurs] = [await fileReport(2, orgA.payeeKey), await fileReport(2, orgB.payeeKey), await fileReport(3, orgA.payeeKey)];
    const [upheld, dismissed] = [await disputeOn(2), await disputeOn(3)];
    ok(await api.decide(who.compliance, upheld.id, { decision: 'upheld', note: 'Forged signature.' }));
    ok(await api.decide(who.compliance, dismissed.id, { decision: 'dismissed', note: 'The loan is genuine.' }));
    const [marked, unmarked] = [await historyOf(2), await historyOf(3)];
    expect(marked).toEqual([expect.objectContaining({ month: M, payee_key: orgA.payeeKey, kind: 'input', dispute: 'upheld' })]);
    expect(unmarked).toEqual([expect.objectContaining({ month: M, payee_key: orgA.payeeKey, kind: 'input', dispute: null })]);
    const disputedOf = async (n: number) => new Map((await reportsOn(n)).map((r) => [r.id, r.disputed]));
    const [two, three] = [await disputedOf(2), await disputedOf(3)];
    expect(two.get(ours)).toEqual({ at: expect.any(String) });
    expect(two.get(others)).toBeNull();
    expect(three.get(dismissedOurs)).toBeNull();
  });

  it('raises a DISPUTED signal on the lender’s next file for that borrower, and only that one', async () => {
    const next = await api.validate(who.adminA, orgA, shiftMonth(M, 1), [nrc(2), nrc(3)]);
    expect(next.signal_counts?.disputed).toBe(1);
    expect(next.signals?.filter((s) => s.type === 'DISPUTED')).toEqual([
      expect.objectContaining({ nrc: nrc(2), message: SIGNAL_MESSAGES.disputed(nrc(2), orgA.payeeKey, M) }),
    ]);
  });
});

describe('the dashboard', () => {
  const waiting = async (token: string) => okBody(await call(twin, getDashboardMetrics, { caller: token })).disputes;

  it('counts the disputes waiting, as each caller sees them', async () => {
    const [reviewerBefore, lenderBefore] = [await waiting(who.compliance), await waiting(who.adminA)];
    const d = await open(7);
    expect(await waiting(who.compliance)).toEqual({ open: reviewerBefore!.open + 1, answered: reviewerBefore!.answered });
    expect(await waiting(who.adminA)).toEqual({ open: lenderBefore!.open + 1, answered: lenderBefore!.answered });
    ok(await api.respond(who.adminA, d.id, { message: 'Checking our files.' }));
    expect(await waiting(who.adminA)).toEqual({ open: lenderBefore!.open, answered: lenderBefore!.answered + 1 });
    expect(await waiting(who.adminB)).toEqual({ open: 0, answered: 0 });
    expect(await waiting(who.dataUser)).toBeNull();
    expect(await waiting(who.platform)).toEqual(await waiting(who.compliance));
  });
});

describe('the lender’s admins are told', () => {
  it('once when a dispute is opened and once when it is decided; no other organisation hears of it', async () => {
    const mail = outbox(twin);
    const [lender, other] = [emailOf.get(who.adminA)!, emailOf.get(who.adminB)!];
    const d = await open(8);
    const [opened] = await mail.exactlyOne([lender], d.id);
    expect(opened!.links).toContain(`${twin.url}/disputes?id=${d.id}`);
    ok(await api.decide(who.compliance, d.id, { decision: 'dismissed', note: 'The agreement is genuine.' }));
    const both = await mail.settled(lender, d.id, 2);
    expect(both).toHaveLength(2);
    expect(both.map((m) => m.subject).join(' | ')).toContain('dismissed');
    expect(await mail.afterAWhile(other, d.id)).toEqual([]);
  });
});

describe('the lender’s webhooks', () => {
  it('get a signed event when a dispute is opened and when it is decided, with ids and statuses only; another organisation’s get nothing', async () => {
    const events: ['dispute.opened', 'dispute.decided'] = ['dispute.opened', 'dispute.decided'];
    const [mine, theirs] = await Promise.all([registeredReceiver(twin, who.adminA, events), registeredReceiver(twin, who.adminB, events)]);
    onTestFinished(() => Promise.all([mine.close(), theirs.close()]).then(() => undefined));
    // The deduction the mail test above decided a dispute on, which may be disputed again.
    const d = await open(8);
    const opened = await mine.delivery('dispute.opened', { dispute_id: d.id });
    expect(opened).toMatchObject({ organisation_id: orgA.orgId, data: { dispute_id: d.id, month: M, status: 'open' } });
    expect(Object.keys(opened.data).sort()).toEqual(['dispute_id', 'month', 'status']);
    ok(await api.decide(who.compliance, d.id, { decision: 'dismissed', note: 'The agreement is genuine.' }));
    const decided = await mine.delivery('dispute.decided', { dispute_id: d.id });
    expect(decided).toMatchObject({ organisation_id: orgA.orgId, data: { dispute_id: d.id, month: M, status: 'dismissed' } });
    expect(Object.keys(decided.data).sort()).toEqual(['dispute_id', 'month', 'status']);
    for (const text of [String(base + 8), orgA.orgName]) expect(JSON.stringify([opened, decided])).not.toContain(text);
    expect([...theirs.payloads('dispute.opened'), ...theirs.payloads('dispute.decided')]).toEqual([]);
  });
});
