import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CreateUploadRequest } from '#shared/api/submissions.js';
import { WEBHOOK_EVENT_PREFIX } from '#shared/api/webhooks.js';
import { getReconciliation } from '#shared/routes/reconciliation.js';
import { createUpload } from '#shared/routes/submissions.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { documentClient, seededLender } from '../fixtures/submissions/directory.js';
import { XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, okBody } from '../support/api.js';
import { payrollAuthorityAdmin } from '../support/payroll-authority.js';
import { appliedWorkbook, freezeSchedule, scheduleLine, testMonth } from '../support/payroll-schedule.js';
import { registeredReceiver } from '../support/webhooks.js';

/**
 * The applied deductions file through the real pipeline: the payroll authority's admin uploads it on the upload
 * route as the `applied` file kind naming the frozen schedule's version, the S3 event validates it and reconciles
 * it with the schedule lender by lender, Submit records the month; each lender reads its own reconciliation.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
let pmec: { token: string };
let lenderA: Awaited<ReturnType<typeof seededLender>>;
let lenderB: Awaited<ReturnType<typeof seededLender>>;
/** A lender the applied file does not name. */
let lenderC: Awaited<ReturnType<typeof seededLender>>;

const request = (month: string, size: number, scheduleVersion?: number): CreateUploadRequest => ({
  doc_kind: 'applied',
  month,
  file_name: 'Applied deductions.xlsx',
  size,
  content_type: XLSX_MIME,
  ...(scheduleVersion === undefined ? {} : { schedule_version: scheduleVersion }),
});

const applied = (line: ReturnType<typeof scheduleLine>, amount: number | string, reason?: string) => ({
  employee_no: line.employee_no,
  nrc: line.nrc,
  payee_key: line.payee_key,
  amount,
  reason,
});

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  pmec = await payrollAuthorityAdmin(twin);
  [lenderA, lenderB, lenderC] = await Promise.all([seededLender(twin), seededLender(twin), seededLender(twin)]);
});

describe('a month reconciled', () => {
  const month = testMonth();
  let a: ReturnType<typeof scheduleLine>[];
  let unexpected: ReturnType<typeof scheduleLine>;
  let hooks: Awaited<ReturnType<typeof registeredReceiver>>[];
  afterAll(() => Promise.all(hooks.map((hook) => hook.close())));

  beforeAll(async () => {
    hooks = await Promise.all([lenderA, lenderB, lenderC].map((lender) => registeredReceiver(twin, lender.token, ['reconciliation.ready'])));
    const key = lenderA.org.payeeKey;
    a = [scheduleLine(key, 1, 250), scheduleLine(key, 2, 300), scheduleLine(key, 3, 400), scheduleLine(key, 4, 200), scheduleLine(key, 5, 100)];
    unexpected = scheduleLine(key, 9, 75);
    const b = scheduleLine(lenderB.org.payeeKey, 1, 500);
    await freezeSchedule(twin, month, [...a, b], 1, { [key]: lenderA.org.orgName });
    const file = appliedWorkbook([
      applied(a[0]!, 250),
      applied(a[1]!, 200, 'Insufficient pay'),
      applied(a[2]!, 0, 'LEFT SERVICE'),
      applied(a[4]!, 150),
      applied(unexpected, 75),
      applied(b, 500),
    ]);
    const upload = await api.upload(pmec.token, request(month, file.length, 1), file);
    expect(upload).toMatchObject({ doc_kind: 'applied', status: 'validated', totals: { errors: 0 }, row_count: 6 });
    const submitted = okBody(await api.submit(pmec.token, upload.id));
    expect(submitted).toMatchObject({ submission_id: null, message: 'Applied deductions submitted: 8 lines reconciled with the payroll schedule.' });
    expect(submitted.path).toMatch(new RegExp(`^${month}/pmec/applied/`));
  });

  it('matches each schedule line: APPLIED, SHORT, NOT_APPLIED, UNEXPECTED, and the excess over a line', async () => {
    const body = okBody(await call(twin, getReconciliation, { query: { month, payee_key: lenderA.org.payeeKey }, caller: pmec.token }));
    expect(body).toMatchObject({ month, payee_key: lenderA.org.payeeKey, schedule_version: 1, expected_total: 1250, applied_total: 675, next_cursor: null });
    expect(body.counts).toEqual({ applied: 2, short: 1, not_applied: 2, unexpected: 2 });
    expect(body.lines.map((l) => [l.employee_no, l.expected, l.applied, l.status, l.reason])).toEqual([
      [a[0]!.employee_no, 250, 250, 'APPLIED', null],
      [a[1]!.employee_no, 300, 200, 'SHORT', 'INSUFFICIENT PAY'],
      [a[2]!.employee_no, 400, 0, 'NOT_APPLIED', 'LEFT SERVICE'],
      [a[3]!.employee_no, 200, 0, 'NOT_APPLIED', null],
      [a[4]!.employee_no, 100, 100, 'APPLIED', null],
      [a[4]!.employee_no, 0, 50, 'UNEXPECTED', 'ZMW 50.00 over the scheduled ZMW 100.00: nobody approved the excess.'],
      [unexpected.employee_no, 0, 75, 'UNEXPECTED', null],
    ]);
    expect(body.lines[0]).toMatchObject({ nrc: a[0]!.nrc, name: a[0]!.name });
    expect(body.csv_url).toEqual(expect.any(String));
    const csv = await (await fetch(body.csv_url!)).text();
    expect(csv).toContain(`${a[1]!.employee_no},${a[1]!.nrc},${a[1]!.name},${lenderA.org.payeeKey},300.00,200.00,SHORT,INSUFFICIENT PAY`);
  });

  it('filters the lines by status and by NRC digits', async () => {
    const short = okBody(await call(twin, getReconciliation, { query: { month, payee_key: lenderA.org.payeeKey, status: 'NOT_APPLIED' }, caller: pmec.token }));
    expect(short.lines.map((l) => l.employee_no)).toEqual([a[2]!.employee_no, a[3]!.employee_no]);
    const byNrc = okBody(
      await call(twin, getReconciliation, { query: { month, payee_key: lenderA.org.payeeKey, nrc: a[1]!.nrc.slice(0, 6) }, caller: pmec.token }),
    );
    expect(byNrc.lines.map((l) => l.status)).toEqual(['SHORT']);
  });

  it('shows the authority every lender, and a lender only its own payee key', async () => {
    const all = okBody(await call(twin, getReconciliation, { query: { month }, caller: pmec.token }));
    expect(all.lenders.map((l) => l.payee_key).sort()).toEqual([lenderA.org.payeeKey, lenderB.org.payeeKey].sort());
    expect(all).toMatchObject({ payee_key: null, expected_total: 1750, applied_total: 1175, lines: [] });

    const own = okBody(await call(twin, getReconciliation, { query: { month }, caller: lenderA.token }));
    expect(own.lenders).toEqual([expect.objectContaining({ payee_key: lenderA.org.payeeKey, org_name: lenderA.org.orgName, expected_total: 1250 })]);
    expectStatus(await call(twin, getReconciliation, { query: { month, payee_key: lenderA.org.payeeKey }, caller: lenderA.token }), 200);
    const refused = await call(twin, getReconciliation, { query: { month, payee_key: lenderB.org.payeeKey }, caller: lenderA.token });
    expect(refused).toMatchObject({ status: 403, body: { error: 'not_your_payee_key' } });
  });

  it('sends each lender the file names a signed event with the month and its payee key only; a lender not named gets nothing', async () => {
    const [hookA, hookB, hookC] = hooks;
    for (const [hook, lender] of [
      [hookA!, lenderA],
      [hookB!, lenderB],
    ] as const) {
      const ready = await hook.delivery('reconciliation.ready', { month });
      expect(ready).toMatchObject({ organisation_id: lender.org.orgId, data: { month, payee_key: lender.org.payeeKey } });
      expect(Object.keys(ready.data).sort()).toEqual(['month', 'payee_key']);
      for (const text of [...a.flatMap((line) => [line.nrc, line.name]), lender.org.orgName]) expect(JSON.stringify(ready)).not.toContain(text);
    }
    // The events are written before Submit answers: the unnamed lender has none (lender A's is there) to be delivered later.
    const { webhookEventId } = await import('#data/webhooks/events.js');
    const eventOf = async (lender: typeof lenderA) => {
      const pk = `${WEBHOOK_EVENT_PREFIX}${webhookEventId(lender.org.orgId, 'reconciliation.ready', { month, payee_key: lender.org.payeeKey })}`;
      return (await documentClient(twin).send(new GetCommand({ TableName: twin.env.TABLE_DIRECTORY, Key: { pk, sk: 'EVENT' } }))).Item;
    };
    expect(await eventOf(lenderA)).toMatchObject({ org_id: lenderA.org.orgId, type: 'reconciliation.ready' });
    expect(await eventOf(lenderC)).toBeUndefined();
    expect(hookC!.payloads('reconciliation.ready')).toEqual([]);
  });

  it('proposes a second applied file for the month rather than recording it (applied-replacement.test.ts decides it)', async () => {
    const file = appliedWorkbook([applied(a[0]!, 250)]);
    const upload = await api.upload(pmec.token, request(month, file.length, 1), file);
    expect(upload.status).toBe('validated');
    expect(okBody(await api.submit(pmec.token, upload.id))).toMatchObject({ status: 'proposed' });
    expect(okBody(await call(twin, getReconciliation, { query: { month }, caller: pmec.token }))).toMatchObject({ applied_total: 1175 });
  });
});

describe('an applied file refused', () => {
  it('without a frozen schedule for the month, without a version, or for another version than the latest', async () => {
    const none = testMonth();
    const noSchedule = await call(twin, createUpload, { body: request(none, 1000, 1), caller: pmec.token });
    expect(noSchedule).toMatchObject({
      status: 409,
      body: { error: 'no_schedule', message: expect.stringContaining(`No payroll schedule has been frozen for ${none}`) },
    });

    const month = testMonth();
    const line = scheduleLine(lenderA.org.payeeKey, 1, 100);
    await freezeSchedule(twin, month, [line], 1);
    await freezeSchedule(twin, month, [line, scheduleLine(lenderA.org.payeeKey, 2, 100)], 2);
    const stale = await call(twin, createUpload, { body: request(month, 1000, 1), caller: pmec.token });
    expect(stale).toMatchObject({
      status: 409,
      body: { error: 'schedule_version_stale', message: expect.stringContaining('the latest for the month is version 2') },
    });
    expect(await call(twin, createUpload, { body: request(month, 1000), caller: pmec.token })).toMatchObject({
      status: 400,
      body: { error: 'schedule_version_required' },
    });
    expect(await call(twin, createUpload, { body: request(month, 1000, 2), caller: lenderA.token })).toMatchObject({
      status: 403,
      body: { error: 'not_payroll_authority' },
    });
  });

  it('lists each bad row with a message to act on, and cannot be submitted', async () => {
    const month = testMonth();
    const line = scheduleLine(lenderA.org.payeeKey, 1, 100);
    await freezeSchedule(twin, month, [line], 1);
    const file = appliedWorkbook([
      applied(line, 100),
      { ...applied(line, 100), employee_no: 'EMP2', nrc: '12345' },
      { ...applied(line, 'lots'), employee_no: 'EMP3' },
      { ...applied(line, 0), employee_no: 'EMP4' },
      { ...applied(line, 10, 'ON LEAVE'), employee_no: 'EMP5' },
      applied(line, 100),
    ]);
    const upload = await api.upload(pmec.token, request(month, file.length, 1), file);
    expect(upload.errors.map((e) => [e.row, e.type, e.message])).toEqual([
      [3, 'NRC', "NRC '12345' is not in the form 123456/78/9."],
      [4, 'AMOUNT', "Amount deducted 'lots' is not an amount in ZMW. Write the amount taken from the pay, e.g. 250.00, or 0."],
      [5, 'REASON', expect.stringContaining('Nothing was deducted: give the REASON')],
      [6, 'REASON', expect.stringContaining("Reason 'ON LEAVE' is not one of")],
      [7, 'DUPLICATE', expect.stringContaining('is already on row 2')],
    ]);
    expect(await api.submit(pmec.token, upload.id)).toMatchObject({ status: 409, body: { error: 'has_errors' } });
    const notYet = await call(twin, getReconciliation, { query: { month }, caller: pmec.token });
    expect(notYet).toMatchObject({ status: 404, body: { error: 'no_reconciliation' } });
  });
});
