import { randomUUID } from 'node:crypto';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { Role } from '#shared/roles.js';
import { decideSubmission } from '#shared/routes/reviews.js';
import { currentMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { inputsRows, nrcOf, workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { outbox, outboxRecord, streamBatch } from './notify-support.js';

/**
 * Delivering email notifications: a dispute opened or decided reaches the lender's admins; a replayed
 * record or a repeated event gives one message; a failing send is logged, given back and retried without
 * sending twice. (That the outbox item commits with its change: notifications-writers.test.ts.)
 */
const twin = inject('twin');
const mail = outbox(twin);
Object.assign(process.env, twin.env);
const { dynamo, tableName } = await import('#adapters/aws-clients.js');
const { idempotencyKey, outboxItem } = await import('#data/notifications/outbox.js');
const sendNotification = (await import('../../lambdas/events/send-notification.js')).handler;
const { logger } = await import('#lib/powertools.js');
type NotificationEvent = Parameters<typeof idempotencyKey>[0];

async function person(org: SeededOrg, role: Role, status = 'approved', email?: string) {
  const user = await createUser(twin, [role]);
  const { idToken } = await signIn(twin, user.email, user.password);
  await seedMembership(twin, org, subOf(idToken), status, role, email ?? user.email);
  return { email: (email ?? user.email).toLowerCase(), token: idToken };
}

let org: SeededOrg;
let admins: { email: string }[];
let member: { email: string };

beforeAll(async () => {
  org = await seedOrganisation(twin, uniquePayeeKey(), 'Disputed Lender');
  admins = await Promise.all([person(org, 'fi_admin'), person(org, 'fi_admin')]);
  member = await person(org, 'data_user');
});
afterEach(() => vi.restoreAllMocks());

const opened = (): NotificationEvent & { kind: 'dispute.opened' } => ({
  kind: 'dispute.opened',
  dispute_id: randomUUID(),
  org_id: org.orgId,
  payee_key: org.payeeKey,
  month: '2026-03',
  nrc: '123456/10/1',
  reason: 'Never took this loan',
});

/** A stream batch of the event's outbox item, never written to the table: only this test's own call of the sender delivers it. */
const manualBatch = (event: NotificationEvent) => streamBatch(outboxRecord(outboxItem(event)));
/** The event's outbox item written as a change's transaction writes it; the twin's stream mapping delivers it. */
const enqueue = async (event: NotificationEvent) => {
  await dynamo.send(new PutCommand({ TableName: tableName('directory'), Item: outboxItem(event) }));
};
const marker = async (event: NotificationEvent, email: string) =>
  (await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: { pk: `NOTIFY#${idempotencyKey(event)}`, sk: `TO#${email}` } }))).Item;

describe('disputes (queued by the disputes routes)', () => {
  it('opened: once to each approved admin of the lender, linking to the dispute; decided: once more, with the decision', async () => {
    const event = opened();
    await enqueue(event);
    const messages = await mail.exactlyOne(
      admins.map((a) => a.email),
      event.dispute_id,
    );
    for (const m of messages) {
      expect(m.subject).toBe(`A deduction was disputed: payee key ${org.payeeKey}, 2026-03`);
      expect(m.links).toContain(`${twin.url}/disputes?id=${event.dispute_id}`);
      expect(m.text).toContain('Reason given: Never took this loan');
      expect(`${m.html}${m.text}`).not.toContain('123456');
    }
    expect(await mail.about(member.email, event.dispute_id)).toEqual([]);

    await enqueue({ ...event, kind: 'dispute.decided', decision: 'upheld', note: 'Payslip forged' });
    const decided = await mail.settled(admins[0]!.email, event.dispute_id, 2);
    expect(decided.map((m) => m.subject)).toContain(`Dispute upheld: payee key ${org.payeeKey}, 2026-03`);
  });
});

describe('exactly once', () => {
  it('the same event written again, and its record replayed to the sender, give one message', async () => {
    const event = opened();
    await enqueue(event);
    await mail.exactlyOne(
      admins.map((a) => a.email),
      event.dispute_id,
    );

    await enqueue(event);
    // The record replayed, and the same event's records out of order in one batch (an update after its insert).
    await sendNotification(streamBatch(outboxRecord(outboxItem(event), 'MODIFY'), outboxRecord(outboxItem(event))));
    await mail.exactlyOne(
      admins.map((a) => a.email),
      event.dispute_id,
    );
  });

  it('a failing send is logged and given back; the retry sends it, and only it', async () => {
    const event = opened();
    const batch = manualBatch(event);
    const errors = vi.spyOn(logger, 'error');
    vi.spyOn(SESv2Client.prototype, 'send').mockRejectedValueOnce(
      Object.assign(new Error('Maximum sending rate exceeded.'), { name: 'TooManyRequestsException' }),
    );

    // The record is reported as failed (reportBatchItemFailures), so the mapping retries it.
    expect(await sendNotification(batch)).toEqual({ batchItemFailures: [{ itemIdentifier: batch.Records[0]!.dynamodb!.SequenceNumber }] });
    expect(errors).toHaveBeenCalledWith(
      'Notifications failed; the record will be retried',
      expect.objectContaining({ kind: 'dispute.opened', error: expect.stringMatching(/1 of 2 notifications failed/) }),
    );
    const sent = await Promise.all(admins.map(async (a) => (await mail.about(a.email, event.dispute_id)).length));
    expect([...sent].sort()).toEqual([0, 1]);
    const unsent = admins[sent.indexOf(0)]!.email;
    expect(await marker(event, unsent)).toBeUndefined();

    // Lambda's retry of the same record.
    expect(await sendNotification(batch)).toEqual({ batchItemFailures: [] });
    await mail.exactlyOne(
      admins.map((a) => a.email),
      event.dispute_id,
    );
    expect(await marker(event, unsent)).toBeDefined();
  });

  it('through the twin: an address SES refuses fails only its own message; the decision stands and the others get theirs once', async () => {
    const refused = `bad address ${randomUUID().slice(0, 6)}@example.test`;
    const lender = await seedOrganisation(twin, uniquePayeeKey(), 'Half Reachable Lender');
    const good = await person(lender, 'fi_admin');
    await person(lender, 'fi_admin', 'approved', refused);
    const reviewer = await createUser(twin, ['compliance']).then((u) => signIn(twin, u.email, u.password));

    const api = submissionsApi(twin);
    const data = workbook(inputsRows(currentMonth(), lender.payeeKey, [nrcOf(1, 900_000 + Math.floor(Math.random() * 90_000))]));
    const upload = await api.upload(
      good.token,
      { doc_kind: 'inputs', month: currentMonth(), payee_key: lender.payeeKey, file_name: 'inputs.xlsx', size: data.length, content_type: XLSX_MIME },
      data,
    );
    const id = String(okBody(await api.submit(good.token, upload.id)).submission_id);
    const res = await call(twin, decideSubmission, { params: { id }, body: { decision: 'reject', note: 'Unreadable' }, caller: reviewer.idToken });
    expectStatus(res, 200);
    expect(res.body.item.status).toBe('rejected');

    // Three attempts (two retries) by the twin's asynchronous delivery, then its dead-letter file.
    await mail.exactlyOne([good.email], id);
    expect(await mail.about(refused, id)).toEqual([]);
    const event: NotificationEvent = { kind: 'submission.decided', submission_id: id, status: 'rejected', reason: 'Unreadable' };
    expect(await marker(event, refused.toLowerCase())).toBeUndefined();
    expect(await marker(event, good.email)).toBeDefined();
  });
});
