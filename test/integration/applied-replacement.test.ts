import { beforeAll, describe, expect, inject, it } from 'vitest';
import { listAudit } from '#shared/routes/audit.js';
import { getReconciliation } from '#shared/routes/reconciliation.js';
import { listRemittances } from '#shared/routes/remittances.js';
import { seededLender } from '../fixtures/submissions/directory.js';
import { call, expectStatus, okBody } from '../support/api.js';
import { appliedFlow, appliedRow } from '../support/applied-flow.js';
import { payrollAuthorityAdmin, seedPmecAdmin, seedPmecOrganisation, superAdminToken, type AuthorityAdmin } from '../support/payroll-authority.js';
import { freezeSchedule, scheduleLine, testMonth } from '../support/payroll-schedule.js';
import { registeredReceiver } from '../support/webhooks.js';

/**
 * A second applied file for a month through four eyes: its Submit proposes it, another admin of the payroll authority
 * approves (the month's reconciliation and statements then come from it, the file before kept) or rejects it; never
 * its proposer, never for a schedule version no longer the latest, exactly one outcome of two decisions at once.
 */
const twin = inject('twin');
const flow = appliedFlow(twin);
let first: AuthorityAdmin;
let second: AuthorityAdmin;
let third: AuthorityAdmin;
let otherPmec: AuthorityAdmin;
let lender: Awaited<ReturnType<typeof seededLender>>;
let lenderB: Awaited<ReturnType<typeof seededLender>>;

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  [first, second, third] = await Promise.all([payrollAuthorityAdmin(twin), payrollAuthorityAdmin(twin), payrollAuthorityAdmin(twin)]);
  otherPmec = await seedPmecAdmin(twin, await seedPmecOrganisation(twin));
  [lender, lenderB] = await Promise.all([seededLender(twin), seededLender(twin)]);
});

/** A month with a frozen schedule (lender: 300 + 200, lender B: 500), its first file recorded (all applied), a second file proposed. */
async function proposedMonth() {
  const month = testMonth();
  const a = [scheduleLine(lender.org.payeeKey, 1, 300), scheduleLine(lender.org.payeeKey, 2, 200)];
  const b = scheduleLine(lenderB.org.payeeKey, 1, 500);
  await freezeSchedule(twin, month, [...a, b], 1, { [lender.org.payeeKey]: lender.org.orgName });
  const recorded = await flow.validate(first.token, month, [appliedRow(a[0]!, 300), appliedRow(a[1]!, 200), appliedRow(b, 500)]);
  expectStatus(await flow.submit(first.token, recorded.id), 200);
  const proposed = await flow.validate(first.token, month, [appliedRow(a[0]!, 300), appliedRow(a[1]!, 0, 'LEFT SERVICE'), appliedRow(b, 500)]);
  expect(proposed).toMatchObject({ status: 'validated', totals: { errors: 0 } });
  const answer = okBody(await flow.submit(first.token, proposed.id));
  expect(answer).toMatchObject({ status: 'proposed', message: expect.stringContaining('once another admin of the payroll authority approves it') });
  return { month, recorded: recorded.id, proposed: proposed.id };
}

const reconciliation = async (month: string) =>
  okBody(await call(twin, getReconciliation, { query: { month, payee_key: lender.org.payeeKey }, caller: first.token }));

describe('a second applied file', () => {
  it('is proposed, shown with the totals per lender to both admins, and recorded once another admin approves it', async () => {
    const { month, recorded, proposed } = await proposedMonth();
    expect(await reconciliation(month)).toMatchObject({ applied_total: 500, counts: { applied: 2, not_applied: 0 } });
    const statementBefore = okBody(await call(twin, listRemittances, { query: { month }, caller: first.token })).items.find(
      (s) => s.payee_key === lender.org.payeeKey,
    )!;
    expect(statementBefore.total).toBe(500);

    const seen = okBody(await flow.replacement(second.token, month)).proposal!;
    expect(seen).toMatchObject({
      upload_id: proposed,
      proposed_by: first.email,
      own: false,
      expired: false,
      schedule_version: 1,
      replaces: { upload_id: recorded, submitted_by: first.email },
      current_applied_total: 1000,
      proposed_applied_total: 800,
    });
    expect(seen.lenders.find((l) => l.payee_key === lender.org.payeeKey)).toEqual({
      payee_key: lender.org.payeeKey,
      org_name: lender.org.orgName,
      current: { expected_total: 500, applied_total: 500, lines: 2 },
      proposed: { expected_total: 500, applied_total: 300, lines: 2 },
      applied_change: -200,
    });
    expect(seen.lenders.find((l) => l.payee_key === lenderB.org.payeeKey)).toMatchObject({ applied_change: 0 });
    const { own: _own, ...asProposerSees } = okBody(await flow.replacement(first.token, month)).proposal!;
    const { own: _seen, ...asApproverSees } = seen;
    expect(asProposerSees).toEqual(asApproverSees);
    expect(okBody(await flow.replacement(first.token, month)).proposal!.own).toBe(true);
    expect(okBody(await flow.submit(first.token, proposed))).toMatchObject({ status: 'proposed' });

    expect(await flow.decide(first.token, proposed, 'approve')).toMatchObject({
      status: 403,
      body: { error: 'own_proposal', message: 'You proposed this replacement, so another admin of the payroll authority must approve or reject it.' },
    });
    expect(await flow.decide(otherPmec.token, proposed, 'approve')).toMatchObject({ status: 403, body: { error: 'not_payroll_authority' } });
    expect(await flow.decide(lender.token, proposed, 'approve')).toMatchObject({ status: 403 });
    expect(await flow.replacement(lender.token, month)).toMatchObject({ status: 403 });
    expect(await reconciliation(month)).toMatchObject({ applied_total: 500 });

    expect(await flow.decide(second.token, proposed, 'approve', 'The payroll re-ran the month')).toMatchObject({ status: 200, body: { status: 'approved' } });
    const after = await reconciliation(month);
    expect(after).toMatchObject({ applied_total: 300, counts: { applied: 1, not_applied: 1 } });
    expect(after.lines.find((l) => l.status === 'NOT_APPLIED')).toMatchObject({ reason: 'LEFT SERVICE' });
    expect(okBody(await flow.replacement(second.token, month)).proposal).toBeNull();
    expect(await flow.decide(third.token, proposed, 'reject')).toMatchObject({ status: 409, body: { error: 'already_decided' } });
    // Submit of either file again: the recorded one answers as recorded, the one replaced is not proposed any more.
    expect(okBody(await flow.submit(first.token, proposed)).message).toContain('lines reconciled');
    expect(await flow.submit(first.token, recorded)).toMatchObject({ status: 409, body: { error: 'not_proposed' } });

    // The statement is drawn again from the file now recorded.
    const statement = okBody(await call(twin, listRemittances, { query: { month }, caller: first.token })).items.find(
      (s) => s.payee_key === lender.org.payeeKey,
    )!;
    expect(statement).toMatchObject({ statement_number: statementBefore.statement_number, total: 300 });
    const csv = await (await fetch(statement.csv_url)).text();
    expect(csv).toContain('LEFT SERVICE');
    expect(await (await fetch(statementBefore.csv_url)).text()).not.toContain('LEFT SERVICE');

    const day = new Date().toISOString().slice(0, 10);
    const audit = async (uploadId: string) =>
      okBody(await call(twin, listAudit, { query: { from: day, to: day, subject: `UPLOAD#${uploadId}` }, caller: await superAdminToken(twin) })).items;
    const entries = await audit(proposed);
    expect(entries.find((e) => e.action === 'applied.propose')).toMatchObject({ actor_email: first.email, outcome: 'ok', details: { replaces: recorded } });
    expect(entries.find((e) => e.action === 'applied.approve')).toMatchObject({
      actor_email: second.email,
      outcome: 'ok',
      details: { month, replaces: recorded, proposed_by: first.email, note: 'The payroll re-ran the month' },
    });
    expect(entries.find((e) => e.action === 'applied.decide')).toMatchObject({
      actor_email: first.email,
      outcome: 'refused',
      details: { reason: 'own_proposal' },
    });
  });

  it('keeps the recorded file when another admin rejects it; a new proposal may follow', async () => {
    const { month, proposed } = await proposedMonth();
    expect(await flow.decide(second.token, proposed, 'reject', 'Wrong file')).toMatchObject({ status: 200, body: { status: 'rejected' } });
    expect(await reconciliation(month)).toMatchObject({ applied_total: 500 });
    expect(okBody(await flow.replacement(first.token, month)).proposal).toBeNull();
    expect(await flow.decide(third.token, proposed, 'approve')).toMatchObject({ status: 409, body: { error: 'already_decided' } });
  });

  it('is one open proposal a month: another file is refused while one waits', async () => {
    const { month } = await proposedMonth();
    const line = scheduleLine(lender.org.payeeKey, 1, 300);
    const again = await flow.validate(second.token, month, [appliedRow(line, 300)]);
    expect(await flow.submit(second.token, again.id)).toMatchObject({
      status: 409,
      body: { error: 'proposal_open', message: expect.stringContaining('already proposed') },
    });
  });

  it('cannot be approved once the schedule gained a version: the proposal answers a stale one', async () => {
    const { month, proposed } = await proposedMonth();
    await freezeSchedule(twin, month, [scheduleLine(lender.org.payeeKey, 1, 300)], 2);
    expect(await flow.decide(second.token, proposed, 'approve')).toMatchObject({
      status: 409,
      body: { error: 'schedule_version_stale', message: expect.stringContaining('the latest for the month is version 2') },
    });
    expect(await reconciliation(month)).toMatchObject({ applied_total: 500, schedule_version: 1 });
    expect(okBody(await flow.replacement(first.token, month)).proposal).toMatchObject({ upload_id: proposed });
  });

  it('tells each lender of the file again that the month is ready once a replacement is approved, and once only', async () => {
    const hooks = await Promise.all([lender, lenderB].map((l) => registeredReceiver(twin, l.token, ['reconciliation.ready'])));
    try {
      const { month, proposed } = await proposedMonth();
      for (const [hook, l] of [[hooks[0]!, lender] as const, [hooks[1]!, lenderB] as const])
        expect((await hook.delivery('reconciliation.ready', { month })).data).toEqual({ month, payee_key: l.org.payeeKey });
      expect(await flow.decide(second.token, proposed, 'approve')).toMatchObject({ status: 200 });
      for (const [hook, l] of [[hooks[0]!, lender] as const, [hooks[1]!, lenderB] as const])
        expect((await hook.delivery('reconciliation.ready', { month, replacement: 1 })).data).toEqual({ month, payee_key: l.org.payeeKey, replacement: 1 });
      // A decision asked again runs the approval's follow-up again: the event it writes is the one already sent.
      expect(await flow.decide(third.token, proposed, 'approve')).toMatchObject({ status: 409, body: { error: 'already_decided' } });
      const { webhookEventId } = await import('#data/webhooks/events.js');
      const ids = hooks[0]!.payloads('reconciliation.ready', { month }).map((p) => p.id);
      expect(ids).toEqual([
        webhookEventId(lender.org.orgId, 'reconciliation.ready', { month, payee_key: lender.org.payeeKey }),
        webhookEventId(lender.org.orgId, 'reconciliation.ready', { month, payee_key: lender.org.payeeKey, replacement: 1 }),
      ]);
    } finally {
      await Promise.all(hooks.map((hook) => hook.close()));
    }
  });

  it('ends two approvals at once in one outcome', async () => {
    const { month, proposed } = await proposedMonth();
    const answers = await Promise.all([flow.decide(second.token, proposed, 'approve'), flow.decide(third.token, proposed, 'approve')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body).toMatchObject({ error: expect.stringMatching(/^(already_decided|not_proposed)$/) });
    expect(await reconciliation(month)).toMatchObject({ applied_total: 300 });
    expect(okBody(await flow.replacement(first.token, month)).proposal).toBeNull();
  });
});
