import { beforeAll, describe, expect, inject, it } from 'vitest';
import { FILE_RULES, ISSUE_LIST_LIMIT, SUBMISSION_MESSAGES, type CreateUploadRequest } from '#shared/api/submissions.js';
import { createUpload, getUpload, getUploadReport } from '#shared/routes/submissions.js';
import { currentMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, seedRegistryNrc, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { inputsRows, NOT_A_WORKBOOK, nrcOf, stoppagesRows, TINY_PDF, workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, named, offContract, okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

const twin = inject('twin');
const api = submissionsApi(twin);
const month = currentMonth();

async function signedInUser(roles: Parameters<typeof createUser>[1] = []) {
  const user = await createUser(twin, roles);
  const { idToken } = await signIn(twin, user.email, user.password);
  return { ...user, token: idToken, sub: subOf(idToken) };
}

let org: SeededOrg;
let member: Awaited<ReturnType<typeof signedInUser>>;
let outsider: Awaited<ReturnType<typeof signedInUser>>;
let pendingMember: Awaited<ReturnType<typeof signedInUser>>;

const create = (token: string, body: CreateUploadRequest) => call(twin, createUpload, { body, caller: token });
const inputsRequest = (size: number, extra: Partial<CreateUploadRequest> = {}) => ({
  doc_kind: 'inputs' as const,
  month,
  payee_key: org.payeeKey,
  file_name: 'March inputs.xlsx',
  size,
  content_type: XLSX_MIME,
  ...extra,
});

beforeAll(async () => {
  org = await seedOrganisation(twin, uniquePayeeKey());
  [member, outsider, pendingMember] = await Promise.all([signedInUser(['fi_admin']), signedInUser(['fi_admin']), signedInUser([])]);
  await seedMembership(twin, org, member.sub);
  await seedMembership(twin, org, pendingMember.sub, 'pending');
});

describe(named(createUpload), () => {
  it('answers a presigned POST into incoming/ for an approved member', async () => {
    const res = await create(member.token, inputsRequest(1000));
    expectStatus(res, 200);
    const body = res.body;
    expect(body.max_bytes).toBe(FILE_RULES.inputs.maxBytes);
    expect(body.upload.url).toBe(`${twin.url}/_local/s3/${twin.env.BUCKET_UPLOADS}`);
    expect(body.upload.fields.key).toBe(`incoming/${body.id}/March-inputs.xlsx`);
    expect(body.upload.fields['Content-Type']).toBe(XLSX_MIME);
  });

  it.each([
    ['someone outside the organisation', () => outsider.token],
    ['a member still pending approval', () => pendingMember.token],
  ])('refuses %s with the words of the spec', async (_who, token) => {
    const res = await create(token(), inputsRequest(1000));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'not_approved', message: 'You are not approved for this org/payee key.' });
  });

  it('refuses a payee key no organisation holds, except to platform admins', async () => {
    const stray = uniquePayeeKey();
    expect((await create(member.token, inputsRequest(1000, { payee_key: stray }))).status).toBe(403);
    const { idToken } = await signIn(twin, twin.admin.email, twin.admin.password);
    expect((await create(idToken, inputsRequest(1000, { payee_key: stray }))).status).toBe(200);
  });

  it.each([
    ['a month not written YYYY-MM', { month: '2026-3' }, 400, 'Month must be in YYYY-MM format.'],
    ['a month after the current one', { month: '2999-01' }, 400, SUBMISSION_MESSAGES.monthInFuture],
    ['no payee key for inputs', { payee_key: '  ' }, 400, 'Payee Key / Code is required for this file type.'],
    ['a malformed payee key', { payee_key: 'X' }, 400, SUBMISSION_MESSAGES.payeeKeyInvalid],
    ['an .xls workbook for inputs', { file_name: 'old.xls' }, 400, SUBMISSION_MESSAGES.xlsxOnly],
    ['an empty file', { size: 0 }, 400, SUBMISSION_MESSAGES.fileEmpty],
    ['a file over the size limit', { size: FILE_RULES.inputs.maxBytes + 1 }, 413, SUBMISSION_MESSAGES.tooLarge('inputs')],
    ['an executable as onboarding evidence', { doc_kind: 'onboarding', file_name: 'x.exe' }, 400, SUBMISSION_MESSAGES.onboardingTypes],
    [
      'onboarding evidence over 10 MB',
      { doc_kind: 'onboarding', file_name: 'x.pdf', size: 10 * 1024 * 1024 + 1 },
      413,
      SUBMISSION_MESSAGES.tooLarge('onboarding'),
    ],
    ['an unknown file type', { doc_kind: 'payslips' }, 400, 'doc_kind: doc_kind must be inputs, stoppages, onboarding, register or applied.'],
  ])('refuses %s with a message to act on', async (_case, extra, status, message) => {
    const res = await create(member.token, offContract({ ...inputsRequest(1000), ...extra }));
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ message });
  });

  it('needs a session', async () => {
    const res = await call(twin, createUpload, { body: offContract({}) });
    expect(res.status).toBe(401);
  });

  it('makes S3 refuse a file of another type than the one signed', async () => {
    const { upload } = okBody(await create(member.token, inputsRequest(1000)));
    const res = await api.postFile({ ...upload, fields: { ...upload.fields, 'Content-Type': 'text/html' } }, Buffer.from('<html>'), 'x.xlsx');
    expect(res.status).toBe(403);
  });
});

describe('validation on the server (S3 trigger on incoming/)', () => {
  it('validates a clean file, flags NRCs on the fraud registry and keeps the preview', async () => {
    const nrcs = [nrcOf(1, 310_000), nrcOf(2, 310_000), nrcOf(3, 310_000)];
    await seedRegistryNrc(twin, nrcs[1]!.replace(/\D/g, ''));
    const data = workbook(inputsRows(month, org.payeeKey, nrcs));
    const result = await api.upload(member.token, inputsRequest(data.length), data);
    expect(result).toMatchObject({ status: 'validated', stage: 'done', row_count: 3, errors: [], warnings: [], totals: { errors: 0, warnings: 0, fraud: 1 } });
    expect(result.headers).toEqual(['EMPLOYEE NUMBER', 'NRC', 'START DATE', 'END DATE', 'INSTALLMENT', 'PAYEE KEY', 'FIRST NAME', 'LAST NAME']);
    expect(result.fraud).toEqual([{ row: 3, column: 'NRC', type: 'FRAUD', message: `NRC ${nrcs[1]} is on the fraud/scam registry` }]);
    expect(result.preview).toHaveLength(3);
    expect(result.preview[0]).toMatchObject({ 'EMPLOYEE NUMBER': 'E1', NRC: nrcs[0], 'START DATE': `${month}-01` });
    expect(Object.keys(result.preview[0]!), 'preview keys in column order').toEqual(result.headers);
  });

  it('reports the spec messages of a file with errors, and their rows', async () => {
    const rows = stoppagesRows(month, org.payeeKey, [nrcOf(1, 320_000), nrcOf(2, 320_000)]);
    rows[2]![4] = 150;
    const data = workbook(rows);
    const result = await api.upload(member.token, { ...inputsRequest(data.length), doc_kind: 'stoppages', file_name: 'stops.xlsx' }, data);
    expect(result.status).toBe('validated');
    expect(result.errors).toEqual([{ row: 3, column: 'Amount', type: 'AMOUNT', message: 'Amount must be 0.00 for stoppages' }]);
  });

  it('caps the issue lists in JSON, gives their totals, and puts every issue in the CSV report', async () => {
    const nrcs = Array.from({ length: ISSUE_LIST_LIMIT + 50 }, (_, i) => nrcOf(i, 330_000));
    const data = workbook(inputsRows(month, 'B999', nrcs));
    const result = await api.upload(member.token, inputsRequest(data.length), data);
    expect(result.errors).toHaveLength(ISSUE_LIST_LIMIT);
    expect(result.totals.errors).toBe(nrcs.length);
    expect(result.errors[0]).toEqual({
      row: 2,
      column: 'Payee Key',
      type: 'PAYEE_KEY',
      message: `Payee Key 'B999' does not match entered code '${org.payeeKey}'`,
    });

    const link = await call(twin, getUploadReport, { params: { id: result.id }, caller: member.token });
    expectStatus(link, 200);
    expect(link.body.file_name).toBe('March-inputs-report.csv');
    const csv = await (await fetch(link.body.url)).text();
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('severity,type,row,column,message');
    // Every issue, then every deduction signal (a first month's rows are all new).
    const signalLines = lines.filter((line) => line.startsWith('signal,'));
    expect(lines.length - signalLines.length).toBe(nrcs.length + 1);
    const { continuing: _, ...listed } = result.signal_counts!;
    expect(signalLines).toHaveLength(Object.values(listed).reduce((sum, n) => sum + n, 0));
    expect(result.signal_counts!.new).toBe(nrcs.length);
  });

  it('fails a file that is no workbook with one clear file-level error, never a 5xx', async () => {
    const result = await api.upload(member.token, inputsRequest(NOT_A_WORKBOOK.length), NOT_A_WORKBOOK);
    expect(result.status).toBe('failed');
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ row: null, column: 'File', type: 'HEADER' });
    expect(result.errors[0]!.message).toMatch(/not a valid \.xlsx workbook/);
    const submit = await api.submit(member.token, result.id);
    expectStatus(submit, 409);
    expect(submit.body.message).toBe(result.errors[0]!.message);
  });

  it('does not validate onboarding evidence', async () => {
    const request = { doc_kind: 'onboarding' as const, month, payee_key: '', file_name: 'tpin.pdf', size: TINY_PDF.length, content_type: 'application/pdf' };
    const result = await api.upload(member.token, request, TINY_PDF);
    expect(result).toMatchObject({ status: 'validated', stage: 'done', row_count: 0, errors: [], preview: [] });
  });

  it('shows an upload to its organisation and platform admins only', async () => {
    const { id } = okBody(await create(member.token, inputsRequest(10)));
    expect((await call(twin, getUpload, { params: { id }, caller: member.token })).body).toMatchObject({ id, status: 'awaiting_file', stage: 'awaiting file' });
    const other = await call(twin, getUpload, { params: { id }, caller: outsider.token });
    expect(other.status).toBe(403);
    expect((await call(twin, getUpload, { params: { id: '00000000-0000-4000-8000-000000000000' }, caller: outsider.token })).status).toBe(404);
    expect((await call(twin, getUpload, { params: { id: 'not-an-id' }, caller: outsider.token })).status).toBe(404);
    const { idToken } = await signIn(twin, twin.admin.email, twin.admin.password);
    expect((await call(twin, getUpload, { params: { id }, caller: idToken })).status).toBe(200);
    const report = await call(twin, getUploadReport, { params: { id }, caller: member.token });
    expect(report.status).toBe(409);
  });
});
