import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CreateUploadRequest } from '#shared/api/submissions.js';
import { listDisputes } from '#shared/routes/disputes.js';
import { listMyUnexpected, reportMyUnexpected } from '#shared/routes/portal.js';
import { shiftMonth } from '#shared/rules/dates.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seededLender } from '../fixtures/submissions/directory.js';
import { HEADER, workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, okBody } from '../support/api.js';
import { signInEmployee, textsTo } from '../support/employee.js';
import { payrollAuthorityAdmin } from '../support/payroll-authority.js';
import { appliedWorkbook, freezeSchedule, scheduleLine, testMonth } from '../support/payroll-schedule.js';
import { addToCurrentRegister, registerEntry } from '../support/register.js';

/**
 * A deduction the payroll took that nobody approved, through the real pipeline: the applied file validated and
 * submitted, the job Submit drops run by its S3 event, each UNEXPECTED line recorded on its employee's NRC and
 * texted once at the register's mobile; the employee reports it from the portal as a dispute marked "not
 * approved", which no other employee can; the next month's inputs file is told which borrowers the payroll
 * reported LEFT SERVICE or DECEASED.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const month = testMonth();
const employee = registerEntry({ first_name: 'Mutale', last_name: 'Phiri' });
const someoneElse = registerEntry({ first_name: 'Bwalya', last_name: 'Zulu' });
let pmec: { token: string };
let lenderA: Awaited<ReturnType<typeof seededLender>>;
let lenderB: Awaited<ReturnType<typeof seededLender>>;
let uploadId: string;
const scheduled = (payeeKey: string, n: number, amount: number, who = employee) => ({
  ...scheduleLine(payeeKey, n, amount),
  employee_no: who.employee_number,
  nrc: who.nrc,
});
/** Someone the register does not hold: no mobile to text. */
const unknown = { employee_no: 'EMP990001', nrc: '990001/10/1' };
const gone = { left: scheduleLine('', 41, 120), dead: scheduleLine('', 42, 130), poor: scheduleLine('', 43, 140) };

const appliedRequest = (size: number): CreateUploadRequest => ({
  doc_kind: 'applied',
  month,
  file_name: 'Applied deductions.xlsx',
  size,
  content_type: XLSX_MIME,
  schedule_version: 1,
});

/** The texts at a mobile that tell of a deduction nobody approved, once at least `count` arrived. */
async function unexpectedTexts(mobile: string, count: number) {
  for (;;) {
    const texts = (await textsTo(twin, mobile)).filter((t) => t.body.includes('without an approved deduction'));
    if (texts.length >= count) return texts;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  pmec = await payrollAuthorityAdmin(twin);
  [lenderA, lenderB] = await Promise.all([seededLender(twin), seededLender(twin)]);
  await addToCurrentRegister([employee, someoneElse]);
  const a = lenderA.org.payeeKey;
  const line = scheduled(a, 1, 250);
  const [left, dead, poor] = [gone.left, gone.dead, gone.poor].map((l) => ({ ...l, payee_key: a }));
  await freezeSchedule(twin, month, [line, left!, dead!, poor!], 1, { [a]: lenderA.org.orgName });
  const file = appliedWorkbook([
    // ZMW 300 over the scheduled 250, and a deduction for lender B that no schedule line asked for.
    { employee_no: line.employee_no, nrc: line.nrc, payee_key: a, amount: 550 },
    { employee_no: line.employee_no, nrc: line.nrc, payee_key: lenderB.org.payeeKey, amount: 75 },
    { ...unknown, payee_key: a, amount: 60 },
    { employee_no: left!.employee_no, nrc: left!.nrc, payee_key: a, amount: 0, reason: 'LEFT SERVICE' },
    { employee_no: dead!.employee_no, nrc: dead!.nrc, payee_key: a, amount: 0, reason: 'DECEASED' },
    { employee_no: poor!.employee_no, nrc: poor!.nrc, payee_key: a, amount: 0, reason: 'INSUFFICIENT PAY' },
  ]);
  const upload = await api.upload(pmec.token, appliedRequest(file.length), file);
  expect(upload).toMatchObject({ status: 'validated', totals: { errors: 0 } });
  uploadId = upload.id;
  okBody(await api.submit(pmec.token, upload.id));
  // Pressed twice: the same answer, and no second text.
  okBody(await api.submit(pmec.token, upload.id));
});

describe('a deduction nobody approved', () => {
  it('is texted to the employee once per line, naming amount, month, lender and the link to report it', async () => {
    const texts = await unexpectedTexts(employee.mobile, 2);
    const bodies = texts.map((t) => t.body).sort();
    const monthWords = new Date(`${month}-01T00:00:00Z`).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
    expect(bodies).toEqual(
      [
        `ZMW 300.00 was taken from your ${monthWords} pay for ${lenderA.org.orgName} without an approved deduction. Report it: ${twin.url}/employee/deductions`,
        `ZMW 75.00 was taken from your ${monthWords} pay for ${lenderB.org.orgName} without an approved deduction. Report it: ${twin.url}/employee/deductions`,
      ].sort(),
    );
    for (const body of bodies) expect(body.length).toBeLessThanOrEqual(160);
  });

  it('is recorded once whatever replays it: the job again, or a later applied file naming the same line', async () => {
    const { processJob } = await import('../../lambdas/events/unexpected-deductions.js');
    const { recordUnexpected, unexpectedJobKey, unexpectedOfNrc } = await import('#data/payroll/unexpected.js');
    await processJob(unexpectedJobKey(uploadId));
    const line = { payee_key: lenderA.org.payeeKey, org_name: null, employee_no: employee.employee_number, nrc: employee.nrc, amount: 300, reason: null };
    const text = {
      kind: 'deduction.unexpected' as const,
      to: employee.mobile,
      nrc_digits: nrcDigits(employee.nrc),
      month,
      payee_key: line.payee_key,
      employee_no: line.employee_no,
      amount: 300,
      org_name: 'x',
    };
    expect(await recordUnexpected(month, 'a-replacing-upload', line, text)).toBe(false);
    const recorded = await unexpectedOfNrc(nrcDigits(employee.nrc));
    expect(recorded.map((r) => [r.payee_key, r.amount, r.text, r.upload_id])).toEqual(
      expect.arrayContaining([
        [lenderA.org.payeeKey, 300, 'queued', uploadId],
        [lenderB.org.payeeKey, 75, 'queued', uploadId],
      ]),
    );
    expect(recorded).toHaveLength(2);
    // Signing in texts a code after the replay; the unexpected texts are still the two.
    await signInEmployee(twin, { nrc: employee.nrc, employeeNumber: employee.employee_number });
    expect(await unexpectedTexts(employee.mobile, 2)).toHaveLength(2);
  });

  it('is recorded without a text when the register holds no mobile for the NRC', async () => {
    const { unexpectedOfNrc } = await import('#data/payroll/unexpected.js');
    const recorded = await unexpectedOfNrc(nrcDigits(unknown.nrc));
    expect(recorded.map((r) => [r.payee_key, r.amount, r.text])).toEqual([[lenderA.org.payeeKey, 60, 'no_mobile']]);
  });

  it('is listed on the employee’s portal and reported in one tap as a dispute marked not approved, which the lender sees', async () => {
    const { idToken } = await signInEmployee(twin, { nrc: employee.nrc, employeeNumber: employee.employee_number });
    const list = okBody(await call(twin, listMyUnexpected, { caller: idToken }));
    const mine = list.items.find((i) => i.payee_key === lenderA.org.payeeKey)!;
    expect(mine).toMatchObject({ month, org_name: lenderA.org.orgName, amount: 300, dispute_id: null });
    expect(mine.reason).toBe('ZMW 300.00 over the scheduled ZMW 250.00: nobody approved the excess.');

    const reported = await call(twin, reportMyUnexpected, { body: { id: mine.id }, caller: idToken });
    expectStatus(reported, 201);
    expect(reported.body.dispute).toMatchObject({ status: 'open', opened_by: 'employee', payee_key: lenderA.org.payeeKey, month });
    const again = await call(twin, reportMyUnexpected, { body: { id: mine.id }, caller: idToken });
    expectStatus(again, 409);
    expect(again.body.error).toBe('already_reported');
    expect(okBody(await call(twin, listMyUnexpected, { caller: idToken })).items.find((i) => i.id === mine.id)?.dispute_id).toBe(reported.body.dispute.id);

    const seen = okBody(await call(twin, listDisputes, { query: {}, caller: lenderA.token })).items.find((d) => d.id === reported.body.dispute.id);
    expect(seen).toMatchObject({ not_approved: true, opened_by: 'employee' });
  });

  it('cannot be reported by another employee, nor seen by them', async () => {
    const { idToken } = await signInEmployee(twin, { nrc: employee.nrc, employeeNumber: employee.employee_number });
    const theirs = okBody(await call(twin, listMyUnexpected, { caller: idToken })).items.find((i) => i.payee_key === lenderB.org.payeeKey)!;
    const other = await signInEmployee(twin, { nrc: someoneElse.nrc, employeeNumber: someoneElse.employee_number });
    expect(okBody(await call(twin, listMyUnexpected, { caller: other.idToken })).items).toEqual([]);
    const refused = await call(twin, reportMyUnexpected, { body: { id: theirs.id }, caller: other.idToken });
    expectStatus(refused, 404);
    expect(refused.body.error).toBe('no_unexpected_deduction');
  });
});

describe('the next month’s signals', () => {
  it('flag a continuing deduction the payroll did not take for LEFT SERVICE or DECEASED, and not one short for another reason', async () => {
    const next = shiftMonth(month, 1);
    const a = lenderA.org.payeeKey;
    const rows = [gone.left, gone.dead, gone.poor].map((l, i) => [l.employee_no, l.nrc, `${next}-01`, '2030-12-31', 120 + 10 * i, a, 'Mwila', `Banda ${i}`]);
    const data = workbook([HEADER, ...rows]);
    const request: CreateUploadRequest = {
      doc_kind: 'inputs',
      month: next,
      payee_key: a,
      file_name: 'inputs.xlsx',
      size: data.length,
      content_type: XLSX_MIME,
    };
    const upload = await api.upload(lenderA.token, request, data);
    expect(upload.signal_counts?.left_service).toBe(2);
    const flagged = upload.signals.filter((s) => s.type === 'LEFT_SERVICE');
    expect(flagged.map((s) => [s.nrc, s.message])).toEqual([
      [
        gone.left.nrc,
        `The payroll did not deduct this in ${month}: ${gone.left.nrc} has left service. Stop the deduction (file a stoppage) and recover the loan from the borrower directly or through its insurance.`,
      ],
      [
        gone.dead.nrc,
        `The payroll did not deduct this in ${month}: it records ${gone.dead.nrc} as deceased. Stop the deduction (file a stoppage) and claim on the loan's life cover or the estate.`,
      ],
    ]);
  });

  it('flag nothing in a month whose previous month has no reconciliation', async () => {
    const later = shiftMonth(month, 2);
    const a = lenderA.org.payeeKey;
    const data = workbook([HEADER, [gone.left.employee_no, gone.left.nrc, `${later}-01`, '2030-12-31', 120, a, 'Mwila', 'Banda']]);
    const request: CreateUploadRequest = {
      doc_kind: 'inputs',
      month: later,
      payee_key: a,
      file_name: 'inputs.xlsx',
      size: data.length,
      content_type: XLSX_MIME,
    };
    const upload = await api.upload(lenderA.token, request, data);
    expect(upload.status).toBe('validated');
    expect(upload.signal_counts?.left_service).toBe(0);
  });
});
