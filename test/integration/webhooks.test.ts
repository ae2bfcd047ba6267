import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WEBHOOK_MESSAGES as M } from '#shared/api/webhooks.js';
import { decideSubmission } from '#shared/routes/reviews.js';
import { createWebhook, deleteWebhook, listWebhookDeliveries, listWebhooks, rotateWebhook } from '#shared/routes/webhooks.js';
import { currentMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { inputsRows, NOT_A_WORKBOOK, nrcOf, workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, named, offContract, okBody } from '../support/api.js';
import { signIn } from '../support/cognito.js';
import { guideRecipe, startReceiver } from '../support/webhooks.js';
import { approvedOrgAdmin, signedInUser } from './admin-support.js';

const twin = inject('twin');
let fiA: Awaited<ReturnType<typeof approvedOrgAdmin>>;
let fiB: Awaited<ReturnType<typeof approvedOrgAdmin>>;
const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
/** How long a wait for the stream's delivery may take on a loaded machine (a bound, not an assertion on time). */
const STREAM = { timeout: 60_000 };

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  const adminToken = (await signIn(twin, twin.admin.email, twin.admin.password)).idToken;
  [fiA, fiB] = await Promise.all([approvedOrgAdmin(twin, adminToken, 'fi'), approvedOrgAdmin(twin, adminToken, 'fi')]);
});
afterAll(() => Promise.all(receivers.map((r) => r.close())));

const receiver = async (answers?: number[]) => {
  const r = await startReceiver(answers);
  receivers.push(r);
  return r;
};
const register = (caller: string, url: string, events: string[]) =>
  call(twin, createWebhook, { body: { url, events: events as ['upload.validated'] }, caller });
const deliveries = async (caller: string, id: string) => okBody(await call(twin, listWebhookDeliveries, { params: { id }, caller })).deliveries;

describe(named(createWebhook), () => {
  it('registers an endpoint, shows its secret once and lists it without', async () => {
    const r = await receiver();
    const made = await register(fiA.token, r.url, ['submission.decided', 'dispute.opened']);
    expectStatus(made, 201);
    expect(made.body).toMatchObject({
      id: expect.any(String),
      secret: expect.stringMatching(/^whsec_/),
      webhook: { url: r.url, events: ['submission.decided', 'dispute.opened'], created_by: fiA.email },
    });
    const listed = okBody(await call(twin, listWebhooks, { caller: fiA.token }));
    expect(listed.webhooks.map((w) => w.id)).toContain(made.body.id);
    expect(JSON.stringify(listed)).not.toContain(made.body.secret);
    expect(okBody(await call(twin, listWebhooks, { caller: fiB.token })).webhooks).toEqual([]);
    const rotated = okBody(await call(twin, rotateWebhook, { params: { id: made.body.id }, caller: fiA.token }));
    expect(rotated.secret).not.toBe(made.body.secret);
    expect(rotated.webhook.rotated_at).toEqual(expect.any(String));
  });

  it('refuses a bad address or bad events with 400 and a sentence', async () => {
    const refused = async (url: string, events: unknown, message: string) =>
      expect(await call(twin, createWebhook, { body: offContract({ url, events }), caller: fiA.token })).toMatchObject({
        status: 400,
        body: { message: expect.stringContaining(message) },
      });
    await refused('http://loans.example.zm/hooks', ['upload.validated'], M.https);
    await refused('not an address', ['upload.validated'], M.url);
    await refused('https://10.1.2.3/hooks', ['upload.validated'], M.privateAddress);
    await refused('https://169.254.169.254/latest/meta-data', ['upload.validated'], M.privateAddress);
    await refused('https://user:pw@loans.example.zm/hooks', ['upload.validated'], M.credentials);
    await refused('https://loans.example.zm/hooks', [], M.events);
    await refused('https://loans.example.zm/hooks', ['loan.paid'], M.unknownEvent);
  });

  it("refuses another organisation's admin on every route of an endpoint, and a lender's Data User on all", async () => {
    const made = okBody(await register(fiA.token, 'https://a.example.zm/hooks', ['mandate.claimed']));
    const params = { id: made.id };
    for (const answer of [
      await call(twin, listWebhookDeliveries, { params, caller: fiB.token }),
      await call(twin, rotateWebhook, { params, caller: fiB.token }),
      await call(twin, deleteWebhook, { params, caller: fiB.token }),
    ]) {
      expect(answer).toMatchObject({ status: 404, body: { error: 'webhook_not_found', message: M.notFound } });
    }
    const dataUser = await signedInUser(twin, ['data_user']);
    for (const answer of [
      await call(twin, listWebhooks, { caller: dataUser.token }),
      await register(dataUser.token, 'https://b.example.zm/hooks', ['mandate.claimed']),
      await call(twin, listWebhookDeliveries, { params, caller: dataUser.token }),
      await call(twin, rotateWebhook, { params, caller: dataUser.token }),
      await call(twin, deleteWebhook, { params, caller: dataUser.token }),
    ]) {
      expect(answer.status).toBe(403);
    }
    expect(okBody(await call(twin, deleteWebhook, { params, caller: fiA.token }))).toEqual({ deleted: true, id: made.id });
    expect((await call(twin, listWebhookDeliveries, { params, caller: fiA.token })).status).toBe(404);
  });
});

describe('a delivery', () => {
  it('is signed as the guide checks it, retried after a 500, and made once however often its event is replayed', async () => {
    const { emitWebhookEvent } = await import('#data/webhooks/events.js');
    const { handler: fanOut } = await import('../../lambdas/events/webhook-fanout.js');
    const { handler: retry } = await import('../../lambdas/events/webhook-retry.js');
    const { verifyWebhook } = await guideRecipe();
    const r = await receiver([500, 200]);
    const made = okBody(await register(fiA.token, r.url, ['submission.decided']));
    const other = await receiver();
    okBody(await register(fiB.token, other.url, ['submission.decided']));

    const data = { submission_id: crypto.randomUUID(), status: 'approved' };
    await emitWebhookEvent(fiA.orgId, 'submission.decided', data);
    await expect.poll(() => r.received.length, STREAM).toBe(1);
    const first = r.received[0]!;
    expect(verifyWebhook(made.secret, first.headers, first.body)).toBe(true);
    expect(verifyWebhook(made.secret, first.headers, first.body.replace('approved', 'rejected'))).toBe(false);
    expect(JSON.parse(first.body)).toMatchObject({ id: first.headers['payroll-webhook-id'], type: 'submission.decided', organisation_id: fiA.orgId, data });
    await expect
      .poll(async () => (await deliveries(fiA.token, made.id))[0], STREAM)
      .toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500, next_attempt_at: expect.any(String) });

    // The same change emitted again, and its stream record replayed to the fan-out: no second delivery.
    await emitWebhookEvent(fiA.orgId, 'submission.decided', data);
    const [pending] = await deliveries(fiA.token, made.id);
    const image = {
      pk: { S: `WEBHOOK_EVENT#${pending!.event_id}` },
      event_id: { S: pending!.event_id },
      org_id: { S: fiA.orgId },
      type: { S: 'submission.decided' },
      occurred_at: { S: pending!.created_at },
      data_json: { S: JSON.stringify(data) },
    };
    expect(await fanOut({ Records: [{ eventName: 'INSERT', dynamodb: { Keys: { pk: image.pk }, NewImage: image, SequenceNumber: '1' } }] } as never)).toEqual({
      batchItemFailures: [],
    });

    // The retry job at the minute the next attempt is due (the twin's own schedule may run it first: the outcome is the same).
    await retry({ time: pending!.next_attempt_at! });
    await expect
      .poll(async () => (await deliveries(fiA.token, made.id))[0], STREAM)
      .toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 200, next_attempt_at: null });
    expect(r.received).toHaveLength(2);
    expect(r.received[1]!.headers['payroll-webhook-id']).toBe(first.headers['payroll-webhook-id']);
    expect(verifyWebhook(made.secret, r.received[1]!.headers, r.received[1]!.body)).toBe(true);
    expect(await deliveries(fiA.token, made.id)).toHaveLength(1);
    expect(other.received).toHaveLength(0);
  });

  it('tells the organisation that uploaded a file when its validation ends, with ids and statuses only', async () => {
    const r = await receiver();
    const made = okBody(await register(fiA.token, r.url, ['upload.validated']));
    const api = submissionsApi(twin);
    const upload = await api.upload(
      fiA.token,
      {
        doc_kind: 'inputs',
        month: currentMonth(),
        payee_key: fiA.payeeKey!,
        file_name: 'not-a-workbook.xlsx',
        size: NOT_A_WORKBOOK.length,
        content_type: XLSX_MIME,
      },
      NOT_A_WORKBOOK,
    );
    await expect.poll(() => r.received.length, STREAM).toBe(1);
    expect(JSON.parse(r.received[0]!.body).data).toEqual({ upload_id: upload.id, kind: 'inputs', month: currentMonth(), status: 'failed' });
    await expect
      .poll(async () => (await deliveries(fiA.token, made.id))[0], STREAM)
      .toMatchObject({ type: 'upload.validated', status: 'delivered', last_status_code: 200 });
  });

  it('tells the lender its submission was decided, and no other organisation', async () => {
    const [mine, theirs] = [await receiver(), await receiver()];
    const made = okBody(await register(fiA.token, mine.url, ['submission.decided']));
    okBody(await register(fiB.token, theirs.url, ['submission.decided']));
    const rows = inputsRows(currentMonth(), fiA.payeeKey!, [nrcOf(1, 700_000 + Math.floor(Math.random() * 200_000))]);
    const id = await submissionsApi(twin).submitWorkbook(
      fiA.token,
      { kind: 'inputs', month: currentMonth(), payeeKey: fiA.payeeKey!, fileName: 'decided.xlsx' },
      workbook(rows),
    );
    const reviewer = await signedInUser(twin, ['compliance']);
    expectStatus(await call(twin, decideSubmission, { params: { id }, body: { decision: 'approve' }, caller: reviewer.token }), 200);
    await expect.poll(() => mine.received.length, STREAM).toBe(1);
    expect(JSON.parse(mine.received[0]!.body)).toMatchObject({
      type: 'submission.decided',
      organisation_id: fiA.orgId,
      data: { submission_id: id, status: 'fi_approved' },
    });
    expect(await deliveries(fiA.token, made.id)).toHaveLength(1);
    expect(theirs.received).toHaveLength(0);
  });
});
