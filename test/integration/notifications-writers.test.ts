import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { currentMonth, shiftMonth } from '#shared/rules/dates.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { issueTestMandate } from '../fixtures/mandates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { inputsRows, nrcOf, workbook } from '../fixtures/submissions/workbooks.js';
import { createUser, signIn } from '../support/cognito.js';
import { uniqueMobile } from '../support/register.js';

/**
 * Each notifying writer of the data layer writes its outbox item in the change's own transaction: when the
 * writer returns, the item is there; when its condition refuses the change, no item is written. (Delivery,
 * once per recipient, through the real routes: notifications.test.ts, payroll-authority.test.ts,
 * mandates-claim.test.ts, register-mobiles.test.ts.)
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const month = currentMonth();
Object.assign(process.env, twin.env);
const { dynamo, tableName } = await import('#adapters/aws-clients.js');
const { scanAll } = await import('#adapters/dynamo/toolkit.js');
const { outboxKey } = await import('#data/notifications/outbox.js');
const { assignSubmission, transitionSubmission } = await import('#data/submissions/reviews.js');
const { PayrollAuthorityChangedError, replacePayrollAuthority, getPayrollAuthority } = await import('#data/settings/settings.js');
const { claimMandate, revokeMandate } = await import('#data/mandates/claims.js');
const { getStoredMandate } = await import('#data/mandates/mandates.js');
const { markMandatesUsed } = await import('#data/mandates/use.js');
const { keepOldMobiles, liveOldMobile, OLD_MOBILES_PER_WRITE } = await import('#data/employee-sign-in/old-mobiles.js');
type QueuedEvent = Parameters<typeof outboxKey>[0];

const queued = async (event: QueuedEvent) =>
  Boolean((await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: outboxKey(event), ConsistentRead: true }))).Item);
/** Every outbox item whose event names `id`, as events. */
async function eventsAbout(id: string): Promise<QueuedEvent[]> {
  const items = await scanAll({
    TableName: tableName('directory'),
    FilterExpression: 'begins_with(pk, :outbox) AND contains(#event, :id)',
    ExpressionAttributeNames: { '#event': 'event' },
    ExpressionAttributeValues: { ':outbox': 'OUTBOX#', ':id': id },
    ConsistentRead: true,
  });
  return items.map((item) => JSON.parse(String(item.event)) as QueuedEvent);
}

let org: SeededOrg;
let submitter: { token: string; userId: string; email: string };
const actor = { userId: 'reviewer-sub', email: 'reviewer@example.test' };
const base = 300_000 + Math.floor(Math.random() * 200_000);
let n = 0;

beforeAll(async () => {
  org = await seedOrganisation(twin, uniquePayeeKey(), 'Writers Bank');
  const user = await createUser(twin, ['fi_admin']);
  const { idToken } = await signIn(twin, user.email, user.password);
  await seedMembership(twin, org, subOf(idToken), 'approved', 'fi_admin', user.email);
  submitter = { token: idToken, userId: subOf(idToken), email: user.email.toLowerCase() };
}, 120_000);

async function submitted(): Promise<string> {
  const data = workbook(inputsRows(month, org.payeeKey, [nrcOf(++n, base)]));
  return api.submitWorkbook(submitter.token, { kind: 'inputs', month, payeeKey: org.payeeKey, fileName: `writer ${n}.xlsx` }, data);
}

describe('a submission decided or assigned', () => {
  it('queues its email with the decision; a decision its condition refuses queues none', async () => {
    const id = await submitted();
    const approved = await transitionSubmission(id, { from: 'pending', to: 'fi_approved', step: 'review', actor });
    expect(approved.ok).toBe(true);
    expect(await queued({ kind: 'submission.decided', submission_id: id, status: 'fi_approved' })).toBe(true);

    const late = await transitionSubmission(id, { from: 'pending', to: 'rejected', step: 'review', actor, reason: 'Too late' });
    expect(late).toMatchObject({ ok: false, current: { status: 'fi_approved' } });
    expect(await queued({ kind: 'submission.decided', submission_id: id, status: 'rejected', reason: 'Too late' })).toBe(false);
    expect((await eventsAbout(id)).map((e) => e.kind)).toEqual(['submission.decided']);
  });

  it('a rejection (a transaction with the counters) queues its email with the reason', async () => {
    const id = await submitted();
    expect((await transitionSubmission(id, { from: 'pending', to: 'rejected', step: 'review', actor, reason: 'Wrong month' })).ok).toBe(true);
    expect(await queued({ kind: 'submission.decided', submission_id: id, status: 'rejected', reason: 'Wrong month' })).toBe(true);
  });

  it('queues the assignee’s email with the assignment; an assignment in the wrong state queues none', async () => {
    const id = await submitted();
    expect((await assignSubmission(id, 'fi_approved', actor, actor)).ok).toBe(false);
    expect(await eventsAbout(id)).toEqual([]);
    await transitionSubmission(id, { from: 'pending', to: 'fi_approved', step: 'review', actor });
    const assigned = await assignSubmission(id, 'fi_approved', { userId: 'pmec-sub', email: 'pmec@example.test' }, actor);
    expect(assigned.ok).toBe(true);
    const events = (await eventsAbout(id)).filter((e) => e.kind === 'submission.assigned');
    expect(events).toEqual([
      { kind: 'submission.assigned', submission_id: id, assignee_email: 'pmec@example.test', assigned_at: assigned.ok ? assigned.item.assigned_at : '' },
    ]);
  });
});

describe('the payroll authority replaced', () => {
  it('refuses a change made on a stale read of the authority, writing neither the setting nor the email', async () => {
    const now = await getPayrollAuthority();
    const stale = { org_id: `ORG#stale-${base}`, org_name: 'Stale Authority' };
    const current = { org_id: `ORG#never-${base}`, org_name: 'Never Designated' };
    const notify: QueuedEvent = { kind: 'payroll_authority.changed', previous: stale, current, by_email: actor.email, changed_at: new Date().toISOString() };
    await expect(replacePayrollAuthority(current, stale, actor, notify)).rejects.toBeInstanceOf(PayrollAuthorityChangedError);
    expect(await queued(notify)).toBe(false);
    expect(await getPayrollAuthority()).toEqual(now);
  });
});

describe('a mandate claimed and used', () => {
  const request = (k: number) => ({
    nrc: `${base + k}/42/1`,
    payee_key: org.payeeKey,
    org_name: org.orgName,
    max_monthly: 400,
    last_month: shiftMonth(month, 6),
  });
  const citing = (number: string, nrc: string) => [{ nrc, mandate: number } as unknown as CanonicalRow];

  it('queues the claim’s text with the claim; a claim refused by its condition (revoked meanwhile) queues none', async () => {
    const revoked = await issueTestMandate(twin, request(1));
    const read = (await getStoredMandate(revoked.number))!;
    await revokeMandate(revoked.number, read.nrc);
    expect(await claimMandate(read, revoked.pin, actor)).toMatchObject({ kind: 'refused', reason: 'revoked' });
    expect(await queued({ kind: 'mandate.claimed', number: revoked.number, org_name: org.orgName })).toBe(false);

    const open = await issueTestMandate(twin, request(2));
    expect((await claimMandate((await getStoredMandate(open.number))!, open.pin, actor)).kind).toBe('claimed');
    expect(await queued({ kind: 'mandate.claimed', number: open.number, org_name: org.orgName })).toBe(true);
  });

  it('queues the use’s text with the mark; a mandate not claimed is not marked and queues none', async () => {
    const source = { submissionId: `sub-${base}`, kind: 'inputs', month, payeeKey: org.payeeKey };
    const unclaimed = await issueTestMandate(twin, request(3));
    expect(await markMandatesUsed(source, citing(unclaimed.number, request(3).nrc))).toBe(0);
    expect(await queued({ kind: 'mandate.used', number: unclaimed.number, month })).toBe(false);

    const claimed = await issueTestMandate(twin, request(4));
    await claimMandate((await getStoredMandate(claimed.number))!, claimed.pin, actor);
    expect(await markMandatesUsed(source, citing(claimed.number, request(4).nrc))).toBe(1);
    expect(await queued({ kind: 'mandate.used', number: claimed.number, month })).toBe(true);
  });
});

describe('a register’s changed mobiles', () => {
  const changes = (count: number) => Array.from({ length: count }, (_, i) => ({ nrc: `${base + 500 + i}/43/1`, old_mobile: uniqueMobile() }));

  it('keeps a full transaction of old mobiles with their texts’ outbox item', async () => {
    const kept = changes(OLD_MOBILES_PER_WRITE);
    const notify: QueuedEvent = {
      kind: 'register.mobile_changed',
      version: `reg-${base}`,
      batch: 0,
      changes: kept.map((c) => ({ to: c.old_mobile, new_mobile: uniqueMobile() })),
    };
    await keepOldMobiles(kept, new Date().toISOString(), notify);
    expect(await queued(notify)).toBe(true);
    expect(await liveOldMobile(nrcDigits(kept[OLD_MOBILES_PER_WRITE - 1]!.nrc))).toBe(kept[OLD_MOBILES_PER_WRITE - 1]!.old_mobile);
  });

  it('refuses more than one transaction holds, writing neither the old mobiles nor the texts', async () => {
    const kept = changes(OLD_MOBILES_PER_WRITE + 1).map((c) => ({ ...c, nrc: c.nrc.replace('/43/', '/44/') }));
    const notify: QueuedEvent = {
      kind: 'register.mobile_changed',
      version: `reg-${base}`,
      batch: 1,
      changes: kept.map((c) => ({ to: c.old_mobile, new_mobile: uniqueMobile() })),
    };
    await expect(keepOldMobiles(kept, new Date().toISOString(), notify)).rejects.toThrow(/At most/);
    expect(await queued(notify)).toBe(false);
    expect(await liveOldMobile(nrcDigits(kept[0]!.nrc))).toBeNull();
  });
});
