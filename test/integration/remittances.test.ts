import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ReceiptRequest } from '#shared/api/remittances.js';
import { listAudit } from '#shared/routes/audit.js';
import { getReconciliation } from '#shared/routes/reconciliation.js';
import { listRemittances, recordRemittanceReceipt, resolveRemittanceDifference } from '#shared/routes/remittances.js';
import { lusakaToday } from '#shared/rules/remittance.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seededLender } from '../fixtures/submissions/directory.js';
import { XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { apiClientToken } from '../support/api-clients.js';
import { call, okBody } from '../support/api.js';
import { payrollAuthorityAdmin, superAdminToken } from '../support/payroll-authority.js';
import { appliedWorkbook, freezeSchedule, scheduleLine, testMonth } from '../support/payroll-schedule.js';

/**
 * Remittance statements through the real pipeline: a month's schedule frozen, the payroll authority's applied file
 * uploaded and submitted; each lender's statement listed (PDF and CSV), what arrived recorded by the lender's admin,
 * a difference shown to both sides until one of them resolves it with a note.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const month = testMonth();
const compact = month.replace('-', '');
let pmec: { token: string };
let lenderA: Awaited<ReturnType<typeof seededLender>>;
let lenderB: Awaited<ReturnType<typeof seededLender>>;
let numberA: string;
let numberB: string;

const receipt = (caller: string, statement_number: string, body: ReceiptRequest | Record<string, unknown>) =>
  call(twin, recordRemittanceReceipt, { params: { statement_number }, body: body as ReceiptRequest, caller });
const resolve = (caller: string, statement_number: string, note: string) =>
  call(twin, resolveRemittanceDifference, { params: { statement_number }, body: { note }, caller });
const list = async (caller: string) => okBody(await call(twin, listRemittances, { query: { month }, caller })).items;
const today = lusakaToday();

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  pmec = await payrollAuthorityAdmin(twin);
  [lenderA, lenderB] = await Promise.all([seededLender(twin), seededLender(twin)]);
  const [a1, a2] = [scheduleLine(lenderA.org.payeeKey, 1, 250), scheduleLine(lenderA.org.payeeKey, 2, 300)];
  const b1 = scheduleLine(lenderB.org.payeeKey, 1, 500);
  await freezeSchedule(twin, month, [a1, a2, b1], 1, { [lenderA.org.payeeKey]: lenderA.org.orgName, [lenderB.org.payeeKey]: lenderB.org.orgName });
  const row = (line: typeof a1, amount: number, reason?: string) => ({
    employee_no: line.employee_no,
    nrc: line.nrc,
    payee_key: line.payee_key,
    amount,
    reason,
  });
  const file = appliedWorkbook([row(a1, 250), row(a2, 200, 'INSUFFICIENT PAY'), row(b1, 500)]);
  const upload = await api.upload(
    pmec.token,
    { doc_kind: 'applied', month, file_name: 'Applied.xlsx', size: file.length, content_type: XLSX_MIME, schedule_version: 1 },
    file,
  );
  expect(upload).toMatchObject({ status: 'validated', totals: { errors: 0 } });
  okBody(await api.submit(pmec.token, upload.id));
  numberA = `RS-${compact}-${lenderA.org.payeeKey}`;
  numberB = `RS-${compact}-${lenderB.org.payeeKey}`;
});

describe('remittance statements', () => {
  it('lists a statement for each lender to the payroll authority, with its PDF and CSV', async () => {
    const items = await list(pmec.token);
    expect(items.map((i) => [i.statement_number, i.total, i.lines, i.schedule_version, i.received]).sort()).toEqual(
      [
        [numberA, 450, 2, 1, null],
        [numberB, 500, 1, 1, null],
      ].sort(),
    );
    const a = items.find((i) => i.statement_number === numberA)!;
    expect(a).toMatchObject({ payee_key: lenderA.org.payeeKey, org_name: lenderA.org.orgName, month, can_record_receipt: false, can_resolve: false });
    const pdf = Buffer.from(await (await fetch(a.pdf_url)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const csv = await (await fetch(a.csv_url)).text();
    expect(csv).toContain(`Remittance statement ${numberA}`);
    expect(csv).toContain(`EMP000002,200002/10/1,Mwila Banda 2,${lenderA.org.payeeKey},300.00,200.00,SHORT,INSUFFICIENT PAY`);
  });

  it('shows a lender only its own statement, and none for a month not reconciled', async () => {
    const own = await list(lenderA.token);
    expect(own.map((i) => i.statement_number)).toEqual([numberA]);
    expect(own[0]).toMatchObject({ can_record_receipt: true, can_resolve: false });
    const empty = okBody(await call(twin, listRemittances, { query: { month: testMonth() }, caller: pmec.token }));
    expect(empty.items).toEqual([]);
  });

  it("a lender's API client reads its own statement and reconciliation, and no other lender's", async () => {
    const client = await apiClientToken(twin, lenderA.org);
    expect((await list(client)).map((i) => i.statement_number)).toEqual([numberA]);
    const own = okBody(await call(twin, getReconciliation, { query: { month }, caller: client }));
    expect(own).toMatchObject({ month, applied_total: 450 });
    const other = await call(twin, getReconciliation, { query: { month, payee_key: lenderB.org.payeeKey }, caller: client });
    expect(other.status).toBe(403);
  });

  it('records what arrived; a difference shows to both sides until either side resolves it with a note', async () => {
    const first = okBody(await receipt(lenderA.token, numberA, { amount: 400, received_on: today }));
    expect(first.message).toContain('ZMW 50.00 less than the statement');
    // A second receipt replaces the first; the audit keeps what it replaced.
    const second = okBody(await receipt(lenderA.token, numberA.toLowerCase(), { amount: 420.5, received_on: today }));
    expect(second.statement.received).toMatchObject({ amount: 420.5, difference: -29.5, state: 'difference', resolution: null });

    const seenByAuthority = (await list(pmec.token)).find((i) => i.statement_number === numberA)!;
    expect(seenByAuthority).toMatchObject({ received: { amount: 420.5, difference: -29.5, state: 'difference' }, can_resolve: true });
    expect((await list(lenderA.token))[0]).toMatchObject({ received: { difference: -29.5, state: 'difference' }, can_resolve: true });
    expect((await list(lenderB.token)).map((i) => i.statement_number)).toEqual([numberB]);

    const resolved = okBody(await resolve(pmec.token, numberA, 'ZMW 29.50 withheld as bank charges, agreed by phone.'));
    expect(resolved.statement.received).toMatchObject({ state: 'resolved', resolution: { note: 'ZMW 29.50 withheld as bank charges, agreed by phone.' } });
    expect((await list(lenderA.token))[0]).toMatchObject({ received: { state: 'resolved' }, can_resolve: false, can_record_receipt: false });

    expect(await receipt(lenderA.token, numberA, { amount: 450, received_on: today })).toMatchObject({ status: 409, body: { error: 'already_resolved' } });
    expect(await resolve(lenderA.token, numberA, 'Resolved once more')).toMatchObject({ status: 409, body: { error: 'already_resolved' } });

    const trail = okBody(
      await call(twin, listAudit, {
        query: { from: new Date().toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10), subject: `REMITTANCE#${numberA}`, outcome: 'ok' },
        caller: await superAdminToken(twin),
      }),
    );
    const details = trail.items.map((i) => [i.action, i.details['before'] ?? null, i.details['after'] ?? null]);
    expect(details).toEqual(
      expect.arrayContaining([
        ['remittance.receipt', null, { amount: 400, received_on: today }],
        ['remittance.receipt', expect.objectContaining({ amount: 400 }), { amount: 420.5, received_on: today }],
        ['remittance.resolve', null, null],
      ]),
    );
  });

  it('has nothing to resolve before a receipt, nor when what arrived equals the statement', async () => {
    expect(await resolve(lenderB.token, numberB, 'Nothing arrived yet')).toMatchObject({ status: 409, body: { error: 'no_receipt' } });
    const matched = okBody(await receipt(lenderB.token, numberB, { amount: 500, received_on: today }));
    expect(matched.statement.received).toMatchObject({ difference: 0, state: 'matched' });
    expect(await resolve(pmec.token, numberB, 'Nothing to settle here')).toMatchObject({ status: 409, body: { error: 'no_difference' } });
  });
});

describe('remittance statements refused', () => {
  it('answers 404 with a sentence for an unknown statement', async () => {
    for (const number of ['RS-199901-NOSUCH', 'not-a-number', `RS-${compact}-NOSUCHKEY`]) {
      const res = await receipt(lenderA.token, number, { amount: 10, received_on: today });
      expect(res).toMatchObject({
        status: 404,
        body: { error: 'unknown_statement', message: expect.stringContaining('A statement number reads RS-YYYYMM-PAYEEKEY') },
      });
    }
  });

  it("refuses another organisation's statement with 403, and a PMEC admin's receipt by role", async () => {
    expect(await receipt(lenderB.token, numberA, { amount: 10, received_on: today })).toMatchObject({ status: 403, body: { error: 'not_your_statement' } });
    expect(await resolve(lenderB.token, numberA, 'Not my statement')).toMatchObject({ status: 403, body: { error: 'not_a_party' } });
    expect(await receipt(pmec.token, numberB, { amount: 10, received_on: today })).toMatchObject({ status: 403 });
  });

  it.each([
    ['a zero amount', { amount: 0, received_on: today }, 'more than 0'],
    ['a negative amount', { amount: -5, received_on: today }, 'more than 0'],
    ['an amount in text', { amount: 'lots', received_on: today }, 'as a number'],
    ['an amount below the ngwee', { amount: 10.001, received_on: today }, 'at most 2 decimals'],
    ['a malformed date', { amount: 10, received_on: '28/11/2026' }, 'YYYY-MM-DD'],
    ['a day that does not exist', { amount: 10, received_on: '2026-02-30' }, 'a real date'],
    ['a day in the future', { amount: 10, received_on: '2999-01-01' }, 'cannot be in the future'],
    ['a day before the month', { amount: 10, received_on: `${Number(month.slice(0, 4)) - 1}-12-31` }, 'before the month began'],
  ])('answers 400 to %s, and records nothing', async (_label, body, words) => {
    const res = await receipt(lenderB.token, numberB, body);
    expect(res).toMatchObject({ status: 400, body: { message: expect.stringContaining(words) } });
    expect((await list(lenderB.token))[0]!.received).toMatchObject({ amount: 500, state: 'matched' });
  });

  it('answers 400 to a resolution without a note', async () => {
    expect(await resolve(lenderA.token, numberA, '  ')).toMatchObject({ status: 400, body: { message: expect.stringContaining('Write a note') } });
  });
});
