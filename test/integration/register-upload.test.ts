import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { RegisterEntry } from '#data/register/versions.js';
import { getRegister } from '#shared/routes/register.js';
import { createUpload } from '#shared/routes/submissions.js';
import { currentMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { payrollAuthorityAdmin } from '../support/payroll-authority.js';
import { registerFlow } from '../support/register-flow.js';
import { registerEntry, registerRows, registerWorkbook } from '../support/register.js';

/**
 * The payroll register through the real pipeline: the payroll authority's PMEC admin uploads it on the upload
 * route as the `register` file kind, the S3 event validates it with the register rules, Submit stores and
 * proposes it, a second admin of the authority approves it and its ingestion makes it current, replacing the
 * previous one whole; lenders are refused.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const month = currentMonth();
let data: typeof import('#data/register/versions.js');
let pmec: { token: string; email: string };
/** A second admin of the payroll authority: registers are approved by another admin than their proposer. */
let approver: { token: string; email: string };

async function userWith(roles: Parameters<typeof createUser>[1]) {
  const user = await createUser(twin, roles);
  return { token: (await signIn(twin, user.email, user.password)).idToken, email: user.email };
}

const request = (size: number) => ({ doc_kind: 'register' as const, month, file_name: 'PMEC register.xlsx', size, content_type: XLSX_MIME });

/** Uploads and proposes a register, has a second admin approve it, then waits until it is the current one. */
async function submitRegister(token: string, entries: RegisterEntry[]) {
  const file = registerWorkbook(entries);
  const upload = await api.upload(token, request(file.length), file);
  expect(upload).toMatchObject({ status: 'validated', totals: { errors: 0 } });
  const submitted = await api.submit(token, upload.id);
  expectStatus(submitted, 200);
  expectStatus(await registerFlow(twin).decide(approver.token, upload.id, 'approve'), 200);
  return { upload, submitted: submitted.body, current: await registerFlow(twin).waitUntilCurrent(token, upload.id) };
}

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  data = await import('#data/register/versions.js');
  pmec = await payrollAuthorityAdmin(twin);
  approver = await payrollAuthorityAdmin(twin);
});

describe('a register on the upload route', () => {
  it('validates, previews mobiles masked, is proposed, and becomes the current register once a second admin approves it', async () => {
    // Prepare
    const entries = [registerEntry({ mobile: '+260971234567' }), registerEntry({ basic_pay: null, ministry: null })];
    // Act
    const { upload, submitted, current } = await submitRegister(pmec.token, entries);
    // Assess
    expect(upload).toMatchObject({ doc_kind: 'register', payee_key: '', row_count: 2, signal_counts: null });
    expect(upload.preview[0]).toMatchObject({ 'EMPLOYEE NUMBER': entries[0]!.employee_number, MOBILE: '+260 97 ••• ••67' });
    expect(JSON.stringify(upload.preview)).not.toContain('123 4567');
    expect(submitted).toMatchObject({
      status: 'proposed',
      submission_id: null,
      message: 'Register proposed: its 2 employees replace the current register once a second admin of the payroll authority approves it.',
      late: false,
    });
    expect(submitted.path).toMatch(new RegExp(`^${month}/pmec/register/`));
    expect(current).toEqual({ month, employees: 2, uploaded_at: expect.any(String), uploaded_by: pmec.email, upload_id: upload.id, proposed: null });
    expect(await data.registerEntryByNrc(entries[0]!.nrc)).toEqual({ ...entries[0], month });
    expect(await data.registerEntryByEmployeeNumber(entries[1]!.employee_number)).toEqual({ ...entries[1], month });
  });

  it('replaces the previous register whole: an employee missing from the new one is no longer on it', async () => {
    const [stays, leaves] = [registerEntry(), registerEntry()];
    await submitRegister(pmec.token, [stays, leaves]);
    const { current } = await submitRegister(pmec.token, [stays]);
    expect(current.employees).toBe(1);
    expect(await data.registerEntryByNrc(leaves.nrc)).toBeNull();
    expect(await data.registerEntryByNrc(stays.nrc)).toMatchObject({ employee_number: stays.employee_number });
  });

  it('lists every finding as an error and refuses to submit the register', async () => {
    const good = registerEntry();
    const rows = registerRows([good, registerEntry({ nrc: good.nrc })]);
    rows.push(['', '12345/67/8', 'Ann', '', '+44 7700 900123', 'lots', null]);
    const file = workbook(rows);
    const upload = await api.upload(pmec.token, request(file.length), file);
    expect(upload.status).toBe('validated');
    expect(upload.errors.map((e) => [e.row, e.type])).toEqual([
      [3, 'DUPLICATE'],
      [4, 'EMPLOYEE'],
      [4, 'NRC'],
      [4, 'NAME'],
      [4, 'MOBILE'],
      [4, 'BASIC_PAY'],
    ]);
    expect(upload.preview[2]).toMatchObject({ MOBILE: '•••' });
    const refused = await api.submit(pmec.token, upload.id);
    expect(refused).toMatchObject({ status: 409, body: { error: 'has_errors' } });
  });

  it('fails a register without its required columns, or without employees', async () => {
    const noMobile = workbook([
      ['EMPLOYEE NUMBER', 'NRC', 'FIRST NAME', 'LAST NAME'],
      ['E1', '123456/78/9', 'A', 'B'],
    ]);
    const failed = await api.upload(pmec.token, request(noMobile.length), noMobile);
    expect(failed.status).toBe('validated');
    expect(failed.errors[0]).toMatchObject({ type: 'HEADER', message: expect.stringContaining('Missing required headers: MOBILE') });
    const empty = registerWorkbook([]);
    expect(await api.upload(pmec.token, request(empty.length), empty)).toMatchObject({
      status: 'failed',
      errors: [{ message: expect.stringContaining('lists no employees') }],
    });
  });

  it('lets a platform admin read the register, never upload one', async () => {
    const admin = await userWith(['sys_admin']);
    const refused = await call(twin, createUpload, { body: request(1000), caller: admin.token });
    expect(refused).toMatchObject({ status: 403, body: { error: 'not_payroll_authority' } });
    expectStatus(await call(twin, getRegister, { caller: admin.token }), 200);
  });
});

describe('lenders', () => {
  it.each([['fi_admin'], ['data_user']] as const)('refuses a %s of a lender a register upload, and the register, with a clear message', async (role) => {
    const lender = await userWith([role]);
    const refused = await call(twin, createUpload, { body: request(1000), caller: lender.token });
    expect(refused).toMatchObject({ status: 403, body: { error: 'not_payroll_authority', message: expect.stringContaining('The payroll authority is ') } });
    expect((await call(twin, getRegister, { caller: lender.token })).status).toBe(403);
  });
});
