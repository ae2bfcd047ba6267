import type { S3Event } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RegisterEntry } from '#data/register/versions.js';
import { DEFAULT_VALIDATIONS } from '#shared/api/settings.js';
import { getNrcAudit } from '#shared/routes/audit.js';
import { listMyLookups } from '#shared/routes/portal.js';
import { updateSettings } from '#shared/routes/settings.js';
import { createUpload } from '#shared/routes/submissions.js';
import { currentMonth } from '#shared/rules/dates.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { encodeEventKey } from '../../infra/local/s3-events.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { HEADER, workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, offContract, okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

/**
 * A validated deduction file, never submitted, is a lookup of every NRC it names by the uploader's
 * organisation: in the employee's "Who looked" and in the NRC's audit trail, once per file whatever the
 * deliveries of its S3 event. And an organisation's validations a day are limited by a setting.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const M = currentMonth();
const who = { lender: '', admin: '' };
let org: SeededOrg;
let staff: RegisterEntry[];
const employees: { nrc: string; token: string }[] = [];

const s3Event = (key: string): S3Event =>
  ({
    Records: [{ eventName: 'ObjectCreated:Post', s3: { bucket: { name: twin.env.BUCKET_UPLOADS }, object: { key: encodeEventKey(key), size: 1 } } }],
  }) as unknown as S3Event;

async function tokenFor(roles: Parameters<typeof createUser>[1]) {
  const user = await createUser(twin, roles);
  return { token: (await signIn(twin, user.email, user.password)).idToken, email: user.email };
}

/** A file of made-up employee numbers and names for these NRCs, as the attack in the issue sent. */
function guessedFile(nrcs: readonly string[]) {
  return workbook([HEADER, ...nrcs.map((nrc, i) => [`X${i}`, nrc, `${M}-01`, '2030-12-31', 100, org.payeeKey, 'Guess', `Name${i}`])]);
}
const uploadRequest = (file: Buffer) => ({
  doc_kind: 'inputs' as const,
  month: M,
  payee_key: org.payeeKey,
  file_name: 'guess.xlsx',
  size: file.length,
  content_type: XLSX_MIME,
});
const setPerDay = (per_day: number) => call(twin, updateSettings, { body: { validations: { per_day } }, caller: who.admin });

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  const { addToCurrentRegister, registerEntry } = await import('../support/register.js');
  const { signInEmployee } = await import('../support/employee.js');
  staff = [registerEntry(), registerEntry()];
  await addToCurrentRegister(staff);
  org = await seedOrganisation(twin, uniquePayeeKey(), 'Lender B');
  const user = await tokenFor([]);
  who.lender = user.token;
  await seedMembership(twin, org, subOf(who.lender), 'approved', 'data_user', user.email);
  who.admin = (await tokenFor(['super_admin'])).token;
  for (const e of staff) employees.push({ nrc: e.nrc, token: (await signInEmployee(twin, { nrc: e.nrc, employeeNumber: e.employee_number })).idToken });
}, 180_000);
afterAll(async () => {
  await setPerDay(DEFAULT_VALIDATIONS.per_day);
});

describe('a validated file is a lookup of every NRC it names', () => {
  let uploadId = '';

  beforeAll(async () => {
    const file = guessedFile(staff.map((e) => e.nrc));
    const upload = await api.upload(who.lender, uploadRequest(file), file);
    expect(upload.status).toBe('validated');
    uploadId = upload.id;
    // The S3 event delivered twice more, and a run cut short retried: the same items, nothing more.
    const validate = (await import('../../lambdas/events/validate-upload.js')).handler;
    const { getUpload } = await import('#data/uploads/upload.js');
    const { writeFileChecks } = await import('#data/audit/file-checks.js');
    const record = (await getUpload(uploadId))!;
    await validate(s3Event(record.key));
    await validate(s3Event(record.key));
    await writeFileChecks(
      { upload_id: record.id, org_id: record.org_id, user_id: record.user_id, user_email: record.user_email, at: record.created_at },
      staff.map((e) => nrcDigits(e.nrc)),
    );
  }, 120_000);

  it('appears in each named employee\'s "Who looked" as the lender\'s check in a file, once, with its date', async () => {
    for (const employee of employees) {
      const items = okBody(await call(twin, listMyLookups, { caller: employee.token })).items.filter((item) => item.kind === 'file_check');
      expect(items).toEqual([{ at: expect.stringMatching(new RegExp(`^${M}`)), organisation: 'Lender B', kind: 'file_check' }]);
    }
  });

  it("is in the NRC's audit trail among its lookups, by the lender's organisation, once", async () => {
    const trail = okBody(await call(twin, getNrcAudit, { query: { nrc: staff[0]!.nrc }, caller: who.admin }));
    const checks = trail.lookups.filter((item) => item.action === 'upload.file_check');
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ org_id: org.orgId, subject: `NRC#${nrcDigits(staff[0]!.nrc)}`, outcome: 'ok', entry_id: `file-check-${uploadId}` });
  });
});

describe("an organisation's validations a day", () => {
  it('refuses a limit that is not a whole number from 1 to 10,000', async () => {
    for (const wrong of [0, 10_001, 2.5, '5']) {
      const refused = await call(twin, updateSettings, { body: { validations: offContract({ per_day: wrong }) }, caller: who.admin });
      expect(refused).toMatchObject({ status: 400, body: { message: expect.stringContaining('whole number of files a day from 1 to 10,000') } });
    }
    expect((await call(twin, updateSettings, { body: { validations: { per_day: 5 } }, caller: who.lender })).status).toBe(403);
  });

  it('answers 429 past the limit, naming when the next may be sent', async () => {
    const other = await seedOrganisation(twin, uniquePayeeKey(), 'Lender C');
    const user = await tokenFor([]);
    await seedMembership(twin, other, subOf(user.token), 'approved', 'data_user', user.email);
    expectStatus(await setPerDay(2), 200);
    const tomorrowBefore = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const create = () =>
      call(twin, createUpload, {
        body: { doc_kind: 'inputs', month: M, payee_key: other.payeeKey, file_name: 'a.xlsx', size: 1_000, content_type: XLSX_MIME },
        caller: user.token,
      });
    expectStatus(await create(), 200);
    expectStatus(await create(), 200);
    const refused = await create();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'rate_limited' });
    // The window is the UTC day: the next is allowed at its end, the coming midnight.
    expect((refused.body as { message: string }).message).toMatch(
      new RegExp(
        `^Your organisation has sent its 2 deduction files for validation today, the daily limit\\. The next can be sent from (${tomorrowBefore}|${tomorrow}) 00:00 UTC; a platform admin sets the limit on /admin\\.$`,
      ),
    );
  });
});
