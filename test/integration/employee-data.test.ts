import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { getEmployeeMe, requestEmployeeCode } from '#shared/routes/employee.js';
import { getHistory } from '#shared/routes/history.js';
import { listMyDeductions } from '#shared/routes/portal.js';
import { currentMonth, lastDayOfMonth, shiftMonth } from '#shared/rules/dates.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { attentionCount } from '#shared/rules/signals.js';
import { disputesApi } from '../fixtures/disputes.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seededLender, type SeededOrg } from '../fixtures/submissions/directory.js';
import { HEADER, workbook, XLSX_MIME, type Row } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { answerChallenge, latestCode, startChallenge, textsTo, uniqueAddress } from '../support/employee.js';
import { registerEntry, uniqueEmployeeNumber } from '../support/register.js';
import { twinSettled } from '../support/twin-process.js';
import { outbox } from './notify-support.js';

/**
 * The employee's own data through the real pipeline on the twin: a lender's row without an NRC joined to
 * the payroll record at ingestion (whatever the employee number's letter case), a deduction decided in the
 * employee's favour, and an employee who left the payroll. This file submits registers (three months), so
 * it owns the current one while it runs.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const disputes = disputesApi(twin);
const NOW = currentMonth();
const staff = {
  joined: registerEntry({ first_name: 'Grace', last_name: 'Tembo' }),
  disputing: registerEntry({ first_name: 'Moses', last_name: 'Lungu' }),
  leaver: registerEntry({ first_name: 'Agnes', last_name: 'Sakala' }),
  longGone: registerEntry({ first_name: 'Joseph', last_name: 'Daka' }),
};
let lender: { org: SeededOrg; token: string };
let deductionsOf: typeof import('../../lambdas/api/portal/deductions.js').deductionsOf;
let reportDeduction: typeof import('../../lambdas/api/portal/report.js').reportDeduction;

async function submitInputs(rows: Row[]) {
  const file = workbook([HEADER, ...rows]);
  const upload = await api.upload(
    lender.token,
    { doc_kind: 'inputs', month: NOW, payee_key: lender.org.payeeKey, file_name: 'inputs.xlsx', size: file.length, content_type: XLSX_MIME },
    file,
  );
  expect(upload.status).toBe('validated');
  const submitted = await api.submit(lender.token, upload.id);
  expect(submitted.status).toBe(200);
  const done = await api.waitForIngestion(lender.token, upload.id);
  expect(done.ingestion?.status).toBe('done');
  return upload;
}
const row = (employeeNo: string, nrc: string | null, amount: number): Row => [
  employeeNo,
  nrc,
  `${NOW}-01`,
  lastDayOfMonth(shiftMonth(NOW, 12)),
  amount,
  lender.org.payeeKey,
  'Grace',
  'Tembo',
];

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  ({ deductionsOf } = await import('../../lambdas/api/portal/deductions.js'));
  ({ reportDeduction } = await import('../../lambdas/api/portal/report.js'));
  const { putRegister } = await import('#data/register/versions.js');
  lender = await seededLender(twin);
  // Fourteen months ago the register held someone long gone; last month it held the leaver; this month neither.
  const stay = [staff.joined, staff.disputing];
  await putRegister({ month: shiftMonth(NOW, -14), entries: [...stay, staff.longGone], uploadedBy: 'pmec@example.com' });
  await putRegister({ month: shiftMonth(NOW, -1), entries: [...stay, staff.leaver], uploadedBy: 'pmec@example.com' });
  await putRegister({ month: NOW, entries: stay, uploadedBy: 'pmec@example.com' });
}, 120_000);

describe('a row without an NRC', () => {
  it('is kept under the NRC the register gives its employee number (any letter case): portal, history and totals see it; the lender is told only that it was joined', async () => {
    const unknown = uniqueEmployeeNumber();
    const upload = await submitInputs([row(staff.joined.employee_number.toLowerCase(), null, 300), row(unknown, null, 120)]);
    expect(upload.signal_counts).toMatchObject({ joined: 1 });
    expect(JSON.stringify(upload.signals)).not.toContain(staff.joined.nrc);

    const portal = await deductionsOf(nrcDigits(staff.joined.nrc));
    expect(portal.total_this_month).toBe(300);
    expect(portal.items).toEqual([expect.objectContaining({ payee_key: lender.org.payeeKey, month: NOW, installment: 300, counted: true })]);
    const history = okBody(await call(twin, getHistory, { query: { nrc: staff.joined.nrc }, caller: lender.token }));
    expect(history).toMatchObject({ total_monthly_installment: 300, items: [expect.objectContaining({ payee_key: lender.org.payeeKey, installment: 300 })] });

    // A number the register does not hold stays under the employee number, as before.
    const { readEmployeeRows } = await import('#data/history/entries-read.js');
    expect(await readEmployeeRows([unknown], NOW)).toEqual([expect.objectContaining({ installment: 120, without_nrc: true })]);
  });
});

describe('the review badge', () => {
  it('counts a ghost employee as needing a person’s eye', async () => {
    const ghost = registerEntry();
    const upload = await submitInputs([row(ghost.employee_number, ghost.nrc, 90)]);
    const counts = upload.signal_counts!;
    expect(counts).toMatchObject({ not_on_payroll: 1, affordability: 0 });
    // Identity, exposure, disputes and mandates as before, and the ghost besides.
    expect(attentionCount(counts)).toBe(counts.identity + counts.exposure + (counts.disputed ?? 0) + (counts.no_mandate ?? 0) + 1);
  });
});

describe('a deduction decided in the employee’s favour', () => {
  it('leaves the total from the decision on, is marked so, and the text says the lender must stop or refund', async () => {
    await submitInputs([row(staff.disputing.employee_number, staff.disputing.nrc, 450)]);
    const digits = nrcDigits(staff.disputing.nrc);
    expect((await deductionsOf(digits)).total_this_month).toBe(450);
    const { dispute } = await reportDeduction(
      { userId: randomUUID(), nrc: staff.disputing.nrc },
      { payee_key: lender.org.payeeKey, month: NOW, reason: 'I never borrowed from them.' },
    );
    expect((await deductionsOf(digits)).total_this_month).toBe(450);

    const compliance = await createUser(twin, ['compliance']);
    const token = (await signIn(twin, compliance.email, compliance.password)).idToken;
    expectStatus(await disputes.decide(token, dispute.id, { decision: 'upheld', note: 'No signed form.' }), 200);
    const after = await deductionsOf(digits);
    expect(after.total_this_month).toBe(0);
    expect(after.items).toEqual([expect.objectContaining({ payee_key: lender.org.payeeKey, counted: false, decided_in_your_favour: true })]);

    const [text] = await outbox(twin).exactlyOne([staff.disputing.mobile], (m: { body?: string }) => Boolean(m.body?.includes('decided in your favour')));
    expect(text!.body).toContain('The lender must stop this deduction or refund you');
  });
});

describe('an employee who left the payroll', () => {
  it('signs in at the mobile the last register that held them gave, sees their deductions, and is told they left', async () => {
    const from = uniqueAddress();
    expectStatus(
      await call(twin, requestEmployeeCode, { body: { nrc: staff.leaver.nrc, employee_number: staff.leaver.employee_number.toLowerCase() }, from }),
      202,
    );
    const session = await startChallenge(twin, staff.leaver.nrc);
    const { idToken } = await answerChallenge(twin, staff.leaver.nrc, session, await latestCode(twin, staff.leaver.mobile));
    expect(idToken).toBeTruthy();
    const me = okBody(await call(twin, getEmployeeMe, { caller: idToken! }));
    expect(me.left_payroll).toEqual({ since: NOW, until: shiftMonth(NOW, 11) });
    expectStatus(await call(twin, listMyDeductions, { caller: idToken! }), 200);
  });

  it('gets no code once the last register that held them is more than a year old', async () => {
    expectStatus(
      await call(twin, requestEmployeeCode, { body: { nrc: staff.longGone.nrc, employee_number: staff.longGone.employee_number }, from: uniqueAddress() }),
      202,
    );
    await twinSettled(twin);
    expect(await textsTo(twin, staff.longGone.mobile)).toEqual([]);
  });
});

describe('free text shown to others, register names and employee numbers', () => {
  it('shows a dispute’s reason to the lender without bidi or control characters', async () => {
    await submitInputs([row(staff.joined.employee_number, staff.joined.nrc, 300)]);
    const { dispute } = await reportDeduction(
      { userId: randomUUID(), nrc: staff.joined.nrc },
      { payee_key: lender.org.payeeKey, month: NOW, reason: 'Not mine \u202Efdp.exe\u202C\u0007 at all' },
    );
    expect(disputes.dispute(await disputes.get(lender.token, dispute.id)).reason).toBe('Not mine fdp.exe at all');
  });

  it('refuses a register row whose name is over 100 characters, saying which and how long', async () => {
    const { payrollAuthorityAdmin } = await import('../support/payroll-authority.js');
    const { registerFlow } = await import('../support/register-flow.js');
    const pmec = await payrollAuthorityAdmin(twin);
    const upload = await registerFlow(twin).validate(pmec.token, [registerEntry({ last_name: 'B'.repeat(101) })]);
    expect(upload.errors.map((e) => e.message)).toContainEqual(expect.stringContaining('Last name must be at most 100 characters (it has 101)'));
  });

  it('finds an employee on the register by their number in any letter case', async () => {
    const { registerEntryByEmployeeNumber } = await import('#data/register/versions.js');
    expect(await registerEntryByEmployeeNumber(` ${staff.joined.employee_number.toLowerCase()} `)).toMatchObject({ nrc: staff.joined.nrc });
  });
});
