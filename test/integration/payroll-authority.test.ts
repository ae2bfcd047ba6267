import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditItem } from '#shared/api/audit.js';
import { listAudit } from '#shared/routes/audit.js';
import { getSettings, listPmecOrganisations, updateSettings } from '#shared/routes/settings.js';
import { createUpload } from '#shared/routes/submissions.js';
import { currentMonth } from '#shared/rules/dates.js';
import type { OutboxMessage } from '../../infra/local/outbox.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seededLender } from '../fixtures/submissions/directory.js';
import { XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import {
  type AuthorityAdmin,
  clearPayrollAuthority,
  payrollAuthorityAdmin,
  type PmecOrganisation,
  seedPmecAdmin,
  seedPmecOrganisation,
  superAdminToken,
  TEST_AUTHORITY,
} from '../support/payroll-authority.js';
import { registerFlow } from '../support/register-flow.js';
import { registerEntry, registerWorkbook } from '../support/register.js';
import { outbox } from './notify-support.js';

/**
 * The payroll authority: one PMEC organisation a super admin designates (audited, emailed to every platform
 * admin and to the admins of the old and the new authority); only its PMEC admins upload and submit the
 * register, and none may while none is designated.
 */
const twin = inject('twin');
const mail = outbox(twin);
const api = submissionsApi(twin);
const registerRequest = { doc_kind: 'register' as const, month: currentMonth(), file_name: 'PMEC register.xlsx', size: 1000, content_type: XLSX_MIME };

async function userWith(roles: Parameters<typeof createUser>[1]) {
  const user = await createUser(twin, roles);
  return { token: (await signIn(twin, user.email, user.password)).idToken, email: user.email };
}
const today = () => new Date().toISOString().slice(0, 10);
const designate = (token: string, orgId: string) => call(twin, updateSettings, { body: { payroll_authority: { org_id: orgId } }, caller: token });
const authorityNow = async () => okBody(await call(twin, getSettings, { caller: await superAdminToken(twin) })).payroll_authority;
const about = (org: PmecOrganisation) => (m: OutboxMessage) => m.subject === `The payroll authority is now ${org.orgName}`;

let superAdmin: { token: string; email: string };
let sysAdmin: { token: string; email: string };
beforeAll(async () => {
  [superAdmin, sysAdmin] = await Promise.all([userWith(['super_admin']), userWith(['sys_admin'])]);
});
afterAll(async () => {
  // The files after this one find the test authority designated, as the helper leaves it.
  await payrollAuthorityAdmin(twin);
});

describe('designating the payroll authority', () => {
  let first: PmecOrganisation;
  let second: PmecOrganisation;
  let admins: { first: AuthorityAdmin; second: AuthorityAdmin; bystander: AuthorityAdmin };
  beforeAll(async () => {
    [first, second] = await Promise.all([seedPmecOrganisation(twin), seedPmecOrganisation(twin)]);
    const bystanderOrg = await seedPmecOrganisation(twin);
    admins = { first: await seedPmecAdmin(twin, first), second: await seedPmecAdmin(twin, second), bystander: await seedPmecAdmin(twin, bystanderOrg) };
  });

  it('a super admin designates an approved PMEC organisation; GET shows it, and the select lists it', async () => {
    const lender = await seededLender(twin);
    const listed = okBody(await call(twin, listPmecOrganisations, { caller: sysAdmin.token })).items;
    expect(listed).toEqual(
      expect.arrayContaining([
        { org_id: first.orgId, org_name: first.orgName },
        { org_id: second.orgId, org_name: second.orgName },
      ]),
    );
    expect(listed.map((org) => org.org_id)).not.toContain(lender.org.orgId);

    const saved = await designate(superAdmin.token, first.orgId);
    expectStatus(saved, 200);
    expect(saved.body.payroll_authority).toEqual({ org_id: first.orgId, org_name: first.orgName });
    expect(saved.body.changed.payroll_authority).toEqual({ at: expect.any(String), by_email: superAdmin.email });
    // Anyone signed in reads it (the upload screen names it).
    const read = await call(twin, getSettings, { caller: admins.bystander.token });
    expect(okBody(read).payroll_authority).toEqual({ org_id: first.orgId, org_name: first.orgName });
  });

  it('a change replaces it (exactly one), is audited from which to which, and is emailed to every platform admin and both organisations’ admins', async () => {
    expectStatus(await designate(superAdmin.token, first.orgId), 200);
    expectStatus(await designate(superAdmin.token, second.orgId), 200);
    expect(await authorityNow()).toEqual({ org_id: second.orgId, org_name: second.orgName });

    const entries: AuditItem[] = okBody(
      await call(twin, listAudit, {
        query: { from: today(), to: today(), subject: 'SETTING#payroll_authority', actor: superAdmin.email },
        caller: superAdmin.token,
      }),
    ).items;
    const change = entries.find((e) => e.outcome === 'ok' && (e.details.payroll_authority as { org_id?: string } | undefined)?.org_id === second.orgId);
    expect(change).toMatchObject({
      action: 'settings.payroll_authority_set',
      actor_email: superAdmin.email,
      org_id: second.orgId,
      details: { previous: { org_id: first.orgId, org_name: first.orgName }, payroll_authority: { org_id: second.orgId, org_name: second.orgName } },
    });

    const [message] = await mail.exactlyOne([superAdmin.email, sysAdmin.email, twin.admin.email, admins.first.email, admins.second.email], about(second));
    expect(message!.text).toContain(`${superAdmin.email} designated ${second.orgName} as the payroll authority, in place of ${first.orgName}.`);
    expect(await mail.afterAWhile(admins.bystander.email, about(second))).toEqual([]);
  });

  it('refuses a system admin (403), a lender organisation and an unknown one (400), and changes nothing', async () => {
    expectStatus(await designate(superAdmin.token, second.orgId), 200);
    const lender = await seededLender(twin);
    const bySysAdmin = await designate(sysAdmin.token, first.orgId);
    expect(bySysAdmin).toMatchObject({
      status: 403,
      body: { error: 'not_super_admin', message: 'Only a super admin designates the payroll authority. Ask a super admin to change it.' },
    });
    expect(await designate(superAdmin.token, lender.org.orgId)).toMatchObject({
      status: 400,
      body: {
        error: 'not_pmec_organisation',
        message: `${lender.org.orgName} is a lender (FI) organisation: only a PMEC organisation can be the payroll authority.`,
      },
    });
    expect(await designate(superAdmin.token, '9d1c2b7e-0000-4000-8000-000000000000')).toMatchObject({ status: 400, body: { error: 'unknown_organisation' } });
    expect(await designate(superAdmin.token, '  ')).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('Choose the PMEC organisation that is the payroll authority.') },
    });
    expect(await authorityNow()).toEqual({ org_id: second.orgId, org_name: second.orgName });
  });
});

describe('uploading and submitting the register', () => {
  it('passes the authority’s PMEC admin; refuses another PMEC organisation’s admin and platform admins, naming the authority', async () => {
    const authority = await payrollAuthorityAdmin(twin);
    const file = registerWorkbook([registerEntry()]);
    const upload = await api.upload(authority.token, { ...registerRequest, size: file.length }, file);
    expect(upload).toMatchObject({ status: 'validated', totals: { errors: 0 } });

    const otherPmec = await seedPmecAdmin(twin, await seedPmecOrganisation(twin));
    const named = `Only the payroll authority's PMEC admins upload and submit the payroll register. The payroll authority is ${TEST_AUTHORITY.orgName}.`;
    for (const token of [otherPmec.token, superAdmin.token, sysAdmin.token]) {
      expect(await call(twin, createUpload, { body: registerRequest, caller: token })).toMatchObject({
        status: 403,
        body: { error: 'not_payroll_authority', message: named },
      });
      expect(await api.submit(token, upload.id)).toMatchObject({ status: 403, body: { error: 'not_payroll_authority', message: named } });
    }
    const refusals: AuditItem[] = okBody(
      await call(twin, listAudit, { query: { from: today(), to: today(), actor: otherPmec.email, outcome: 'refused' }, caller: superAdmin.token }),
    ).items;
    expect(refusals.map((e) => [e.action, e.subject, e.details.reason])).toEqual(
      expect.arrayContaining([
        ['upload.create', 'REGISTER', 'not_payroll_authority'],
        ['register.submit', 'REGISTER', 'not_payroll_authority'],
      ]),
    );
    expectStatus(await api.submit(authority.token, upload.id), 200);
    // Submit proposes it: another of the authority's admins rejects it, so no proposal stays open for other files.
    expectStatus(await registerFlow(twin).decide((await payrollAuthorityAdmin(twin)).token, upload.id, 'reject'), 200);
  });

  it('refuses everyone while no authority is designated (409), with a sentence saying who designates it', async () => {
    const authority = await payrollAuthorityAdmin(twin);
    const file = registerWorkbook([registerEntry()]);
    const validated = await api.upload(authority.token, { ...registerRequest, size: file.length }, file);
    await clearPayrollAuthority(twin);
    expect(await authorityNow()).toBeNull();
    const none = {
      status: 409,
      body: { error: 'no_payroll_authority', message: 'No payroll authority has been designated yet: a super admin designates it on /admin.' },
    };
    expect(await call(twin, createUpload, { body: registerRequest, caller: authority.token })).toMatchObject(none);
    expect(await call(twin, createUpload, { body: registerRequest, caller: superAdmin.token })).toMatchObject(none);
    expect(await api.submit(authority.token, validated.id)).toMatchObject(none);
  });
});
