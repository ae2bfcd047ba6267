import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FRAUD_MESSAGES } from '#shared/api/fraud.js';
import { DEFAULT_SETTINGS } from '#shared/api/settings.js';
import { getNrcAudit } from '#shared/routes/audit.js';
import { checkFraudRegistry, createFraudReport, searchFraudReports, withdrawFraudReport } from '#shared/routes/fraud.js';
import { updateSettings } from '#shared/routes/settings.js';
import { currentMonth } from '#shared/rules/dates.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { HEADER, workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, offContract, okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

/**
 * The fraud report lifecycle through the real handlers: the filing organisation's admin
 * withdraws a report, which stops flagging in the registry check and in file validation at once and
 * stays in search with its status; another organisation, other roles and a second withdrawal are refused
 * and change nothing; reports older than the retention expire by the scheduled job.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
Object.assign(process.env, twin.env);

let serial = 0;
const freshNrc = () => `${200000 + Math.floor(Math.random() * 700000)}/${10 + (serial++ % 90)}/1`;
const who = { adminA: '', adminB: '', dataUserA: '', platform: '', compliance: '' };
let orgA: SeededOrg;

const fields = (nrc: string) => ({
  type: 'Identity theft',
  nrc,
  person_name: 'Mutale Phiri',
  report_month: '2026-03',
  payee_key: orgA.payeeKey,
  description: 'Forged payslip.',
});
const file = async (token: string, nrc: string) => {
  const res = await call(twin, createFraudReport, { body: fields(nrc), caller: token });
  expectStatus(res, 200);
  return res.body.id;
};
const withdraw = (token: string, id: string, reason = 'Filed against the wrong NRC') =>
  call(twin, withdrawFraudReport, { params: { id }, body: { reason }, caller: token });
const flagged = async (nrc: string) => okBody(await call(twin, checkFraudRegistry, { body: { nrcs: [nrc] }, caller: who.compliance })).flagged.includes(nrc);
const search = async (token: string, nrc: string) => okBody(await call(twin, searchFraudReports, { body: { nrcs: [nrc] }, caller: token })).items;
async function validationFlags(nrc: string): Promise<number> {
  const month = currentMonth();
  const data = workbook([HEADER, [`FL${nrcDigits(nrc)}`, nrc, `${month}-01`, '2030-12-31', 150, orgA.payeeKey, 'Mutale', 'Phiri']]);
  const result = await api.upload(
    who.adminA,
    { doc_kind: 'inputs', month, payee_key: orgA.payeeKey, file_name: 'inputs.xlsx', size: data.length, content_type: XLSX_MIME },
    data,
  );
  return result.fraud.length;
}

beforeAll(async () => {
  orgA = await seedOrganisation(twin, uniquePayeeKey());
  const orgB = await seedOrganisation(twin, uniquePayeeKey());
  const token = async (roles: Parameters<typeof createUser>[1], org?: SeededOrg, role?: 'fi_admin' | 'data_user') => {
    const user = await createUser(twin, roles);
    const idToken = (await signIn(twin, user.email, user.password)).idToken;
    if (org) await seedMembership(twin, org, subOf(idToken), 'approved', role);
    return idToken;
  };
  [who.adminA, who.adminB, who.dataUserA, who.platform, who.compliance] = await Promise.all([
    token(['fi_admin'], orgA),
    token(['fi_admin'], orgB),
    token(['data_user'], orgA, 'data_user'),
    token(['super_admin']),
    token(['compliance']),
  ]);
});
afterAll(async () => {
  expect((await call(twin, updateSettings, { body: { retention: DEFAULT_SETTINGS.retention }, caller: who.platform })).status).toBe(200);
});

describe('withdrawing a report', () => {
  it('stops it flagging in the check and in file validation at once; it stays in search, withdrawn, with its reason', async () => {
    const nrc = freshNrc();
    const id = await file(who.adminA, nrc);
    expect(await flagged(nrc)).toBe(true);
    expect(await validationFlags(nrc)).toBe(1);
    const [before] = await search(who.adminA, nrc);
    expect(before).toMatchObject({ id, status: 'active', status_reason: null, can_withdraw: true });
    expect((await search(who.adminB, nrc))[0]).toMatchObject({ id, can_withdraw: false });

    const res = await withdraw(who.adminA, id);
    expectStatus(res, 200);
    expect(res.body).toMatchObject({
      message: FRAUD_MESSAGES.withdrawn,
      report: { id, status: 'withdrawn', status_reason: 'Filed against the wrong NRC', can_withdraw: false },
    });
    expect(await flagged(nrc)).toBe(false);
    expect(await validationFlags(nrc)).toBe(0);
    expect((await search(who.compliance, nrc))[0]).toMatchObject({
      id,
      status: 'withdrawn',
      status_reason: 'Filed against the wrong NRC',
      status_at: expect.any(String),
    });

    // The report's audit trail says who withdrew it and why.
    const trail = await call(twin, getNrcAudit, { query: { nrc }, caller: who.platform });
    expect(JSON.stringify(trail.body)).toContain('fraud_report.withdraw');

    // Filed again, the NRC flags again.
    await file(who.adminA, nrc);
    expect(await flagged(nrc)).toBe(true);
  });

  it('keeps an NRC flagged while another of its reports is active', async () => {
    const nrc = freshNrc();
    const [first, second] = [await file(who.adminA, nrc), await file(who.adminA, nrc)];
    expect((await withdraw(who.adminA, first)).status).toBe(200);
    expect(await flagged(nrc)).toBe(true);
    expect((await withdraw(who.platform, second)).status).toBe(200);
    expect(await flagged(nrc)).toBe(false);
  });

  it('refuses another organisation (403), other roles (403), bad input (400) and an unknown id (404), changing nothing', async () => {
    const nrc = freshNrc();
    const id = await file(who.adminA, nrc);
    const refused = await withdraw(who.adminB, id);
    expect(refused).toMatchObject({ status: 403, body: { message: FRAUD_MESSAGES.withdrawNotYours } });
    expect((await withdraw(who.dataUserA, id)).status).toBe(403);
    expect((await withdraw(who.compliance, id)).status).toBe(403);
    expect((await withdraw(who.adminA, id, '   ')).body).toMatchObject({ message: expect.stringContaining(FRAUD_MESSAGES.withdrawReason) });
    expect((await withdraw(who.adminA, id, 'x'.repeat(501))).status).toBe(400);
    expect((await withdraw(who.adminA, id, offContract(42))).status).toBe(400);
    expect((await withdraw(who.adminA, randomUUID())).status).toBe(404);
    expect((await withdraw(who.adminA, 'not-an-id')).status).toBe(404);
    expect(await flagged(nrc)).toBe(true);
    expect((await search(who.adminA, nrc))[0]).toMatchObject({ id, status: 'active' });
  });

  it('lets one of two withdrawals at once win; the other gets 409 with the report’s status', async () => {
    const nrc = freshNrc();
    const id = await file(who.adminA, nrc);
    const answers = await Promise.all([withdraw(who.adminA, id, 'First'), withdraw(who.platform, id, 'Second')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body).toMatchObject({ message: FRAUD_MESSAGES.notActive('withdrawn') });
    const winner = okBody(answers.find((a) => a.status === 200)!);
    expect((await search(who.adminA, nrc))[0]!.status_reason).toBe(winner.report.status_reason);
    expect(await flagged(nrc)).toBe(false);
  });
});

describe('expiry', () => {
  it('takes reports older than the retention off the registry once, keeping them in search as expired', async () => {
    const { putReport } = await import('#data/registry/reports.js');
    const { expireReports } = await import('../../lambdas/events/expire-reports.js');
    expect((await call(twin, updateSettings, { body: { retention: { report_years: 2 } }, caller: who.platform })).status).toBe(200);
    const [old, recent] = [freshNrc(), freshNrc()];
    const filedAt = (yearsAgo: number) => new Date(Date.now() - yearsAgo * 366 * 24 * 3600 * 1000).toISOString();
    for (const [nrc, at] of [
      [old, filedAt(3)],
      [recent, filedAt(1)],
    ] as const) {
      await putReport({
        id: randomUUID(),
        created_at: at,
        ...fields(nrc),
        fi_name: orgA.orgName,
        nrc_key: nrcDigits(nrc),
        files: [],
        created_by: 'seed',
        created_by_email: 'seed@example.com',
      });
    }
    expect([await flagged(old), await flagged(recent)]).toEqual([true, true]);

    expect((await expireReports()).expired).toBeGreaterThanOrEqual(1);
    expect([await flagged(old), await flagged(recent)]).toEqual([false, true]);
    expect((await search(who.compliance, old))[0]).toMatchObject({ status: 'expired', status_reason: FRAUD_MESSAGES.expiredReason(2), can_withdraw: false });
    // A second run (a retried event, a second day) finds nothing more to do.
    expect((await expireReports()).expired).toBe(0);
    expect((await withdraw(who.platform, (await search(who.platform, old))[0]!.id)).status).toBe(409);
  });
});
