import { beforeAll, describe, expect, inject, it } from 'vitest';
import { auditSubject } from '#data/audit/subjects.js';
import { getMe } from '#shared/routes/accounts.js';
import { getDashboardMetrics } from '#shared/routes/dashboard.js';
import { getHistory } from '#shared/routes/history.js';
import { listMyLookups } from '#shared/routes/portal.js';
import { getTeam } from '#shared/routes/team.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { call, expectStatus, okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

/**
 * A member of two organisations acts for the one they choose with `X-Acting-Org`, and only that one:
 * the lookup's audit entry and the employee's "Who looked", the dashboard and the team follow it; a
 * member of several who chooses none is asked to choose; an organisation they are not a member of is refused.
 */
const twin = inject('twin');
const as = (org: SeededOrg) => ({ 'x-acting-org': org.orgId });

let bankA: SeededOrg;
let bankB: SeededOrg;
let foreign: SeededOrg;
let pmec: SeededOrg;
let lenderOfPmec: SeededOrg;
/** A data user of Bank A and the admin of Bank B. */
let both = '';
/** PMEC's admin, also the admin of a lender. */
let pmecAdmin = '';
const employee = { nrc: '', token: '' };

async function member(...memberships: [SeededOrg, 'fi_admin' | 'data_user' | 'pmec_admin'][]) {
  const user = await createUser(twin, []);
  const { idToken } = await signIn(twin, user.email, user.password);
  for (const [org, role] of memberships) await seedMembership(twin, org, subOf(idToken), 'approved', role, user.email);
  return idToken;
}

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  bankA = await seedOrganisation(twin, uniquePayeeKey(), 'Bank A');
  bankB = await seedOrganisation(twin, uniquePayeeKey(), 'Bank B');
  foreign = await seedOrganisation(twin, uniquePayeeKey(), 'Bank C');
  pmec = await seedOrganisation(twin, uniquePayeeKey('pmec'), 'PMEC Payroll', 'pmec');
  lenderOfPmec = await seedOrganisation(twin, uniquePayeeKey(), 'Side Lender');
  both = await member([bankB, 'fi_admin'], [bankA, 'data_user']);
  pmecAdmin = await member([pmec, 'pmec_admin'], [lenderOfPmec, 'fi_admin']);
  await member([bankB, 'data_user']);
  const { addToCurrentRegister, registerEntry } = await import('../support/register.js');
  const { signInEmployee } = await import('../support/employee.js');
  const entry = registerEntry();
  await addToCurrentRegister([entry]);
  Object.assign(employee, { nrc: entry.nrc, token: (await signInEmployee(twin, { nrc: entry.nrc, employeeNumber: entry.employee_number })).idToken });
}, 120_000);

describe('a history lookup by a member of two organisations', () => {
  it('is attributed to the organisation named in the header, in the audit entry and in the employee’s "Who looked"', async () => {
    const { auditOfSubject } = await import('#data/audit/log.js');
    const digits = employee.nrc.replace(/\D/g, '');
    expectStatus(await call(twin, getHistory, { query: { nrc: employee.nrc }, caller: both, headers: as(bankB) }), 200);
    let entries = (await auditOfSubject(auditSubject.nrc(digits))).filter((e) => e.action === 'history.lookup');
    expect(entries.map((e) => e.org_id)).toEqual([bankB.orgId]);
    expect(okBody(await call(twin, listMyLookups, { caller: employee.token })).items.map((i) => i.organisation)).toEqual(['Bank B']);

    expectStatus(await call(twin, getHistory, { query: { nrc: employee.nrc }, caller: both, headers: as(bankA) }), 200);
    entries = (await auditOfSubject(auditSubject.nrc(digits))).filter((e) => e.action === 'history.lookup');
    expect(entries.map((e) => e.org_id).sort()).toEqual([bankA.orgId, bankB.orgId].sort());
    expect(okBody(await call(twin, listMyLookups, { caller: employee.token })).items.map((i) => i.organisation)).toEqual(['Bank A', 'Bank B']);
  });

  it('answers 409 choose_organisation with the caller’s organisations when no header names one, and looks nothing up', async () => {
    const res = await call(twin, getHistory, { query: { nrc: employee.nrc }, caller: both });
    expectStatus(res, 409);
    expect(res.body.error).toBe('choose_organisation');
    expect(res.body.message).toMatch(/choose the one you act for/);
    expect(res.body.details?.organisations).toEqual(
      expect.arrayContaining([
        { org_id: bankA.orgId, org_name: 'Bank A', client_type: 'fi', role: 'data_user' },
        { org_id: bankB.orgId, org_name: 'Bank B', client_type: 'fi', role: 'fi_admin' },
      ]),
    );
    expect(res.body.details?.organisations).toHaveLength(2);
  });

  it('answers 403 with a sentence when the header names an organisation the caller is not a member of', async () => {
    const res = await call(twin, getHistory, { query: { nrc: employee.nrc }, caller: both, headers: as(foreign) });
    expectStatus(res, 403);
    expect(res.body).toEqual({ error: 'not_acting_member', message: expect.stringMatching(/not an approved member of the organisation you chose/) });
  });
});

describe('the dashboard, the team and GET /api/me follow the acting organisation', () => {
  it('shows the figures of the organisation named in the header', async () => {
    expect(okBody(await call(twin, getDashboardMetrics, { caller: both, headers: as(bankA) }))).toMatchObject({
      scope: 'organisation',
      org_name: 'Bank A',
      team_count: 1,
    });
    expect(okBody(await call(twin, getDashboardMetrics, { caller: both, headers: as(bankB) }))).toMatchObject({
      scope: 'organisation',
      org_name: 'Bank B',
      team_count: 2,
    });
    expectStatus(await call(twin, getDashboardMetrics, { caller: both }), 409);
  });

  it('opens the team of the organisation acted for, refuses one where the role is not an admin, and honours ?org_id= only for it', async () => {
    expect(okBody(await call(twin, getTeam, { caller: both, headers: as(bankB) })).org).toMatchObject({ org_id: bankB.orgId, org_name: 'Bank B' });
    expect((await call(twin, getTeam, { caller: both, headers: as(bankA) })).status).toBe(403);
    const other = await call(twin, getTeam, { query: { org_id: bankA.orgId }, caller: both, headers: as(bankB) });
    expectStatus(other, 403);
    expect(other.body.message).toMatch(/acting for another organisation/);
  });

  it('lets a PMEC admin who is also a lender’s admin reach PMEC’s team when acting for PMEC', async () => {
    expect(okBody(await call(twin, getTeam, { caller: pmecAdmin, headers: as(pmec) })).org).toMatchObject({ org_id: pmec.orgId, client_type: 'pmec' });
    expect(okBody(await call(twin, getTeam, { caller: pmecAdmin, headers: as(lenderOfPmec) })).org).toMatchObject({
      org_id: lenderOfPmec.orgId,
      client_type: 'fi',
    });
  });

  it('answers the caller’s organisations on /api/me, with or without a choice, and the roles of the one acted for', async () => {
    const unchosen = okBody(await call(twin, getMe, { caller: both }));
    expect(unchosen).toMatchObject({ acting_org_id: null, roles: ['fi_admin', 'data_user'] });
    expect(unchosen.organisations).toHaveLength(2);
    expect(okBody(await call(twin, getMe, { caller: both, headers: as(bankA) }))).toMatchObject({ acting_org_id: bankA.orgId, roles: ['data_user'] });
    expect(okBody(await call(twin, getMe, { caller: both, headers: as(foreign) }))).toMatchObject({ acting_org_id: null });
  });
});
