import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { roleNotForOrganisationMessage } from '#shared/roles.js';
import { acceptTeamInvite } from '#shared/routes/accounts.js';
import { decideAccessRequest, listRoleMismatches } from '#shared/routes/admin.js';
import { addTeamMember, getTeam } from '#shared/routes/team.js';
import { seedMembership, seedOrganisation, uniquePayeeKey } from '../fixtures/submissions/directory.js';
import { uniqueEmail } from '../support/accounts.js';
import { call, expectStatus, okBody, type RouteRequest } from '../support/api.js';
import { signIn } from '../support/cognito.js';
import { approvedOrgAdmin, documentClient, groupsOf, requestAccess, signedInUser } from './admin-support.js';

/**
 * FI organisations hold FI Admin, Compliance and Data User; PMEC organisations PMEC Admin, Compliance and
 * Data User. Approving, inviting, adding or accepting a role of the other kind is refused with nothing
 * written; memberships that break the rule already are listed for platform admins.
 */
const twin = inject('twin');
const db = documentClient(twin);
let adminToken = '';
beforeAll(async () => {
  adminToken = (await signIn(twin, twin.admin.email, twin.admin.password)).idToken;
});

const decide = (id: string, body: RouteRequest<typeof decideAccessRequest>) => call(twin, decideAccessRequest, { params: { id }, body, caller: adminToken });
const add = (token: string, body: RouteRequest<typeof addTeamMember>) => call(twin, addTeamMember, { body, caller: token });
const item = async (pk: string, sk: string) =>
  (await db.send(new GetCommand({ TableName: twin.env.TABLE_DIRECTORY, Key: { pk, sk }, ConsistentRead: true }))).Item;
const notForOrg = (orgName: string, kind: 'fi' | 'pmec', role: 'fi_admin' | 'pmec_admin') => ({
  status: 400,
  body: {
    error: 'role_not_for_organisation',
    message: roleNotForOrganisationMessage(orgName, kind, role),
    details: { allowed: kind === 'fi' ? ['fi_admin', 'compliance', 'data_user'] : ['pmec_admin', 'compliance', 'data_user'] },
  },
});

describe('approving an access request', () => {
  it('refuses PMEC Admin for an FI request, creating nothing, and grants FI Admin', async () => {
    const request = await requestAccess(twin, 'fi');
    expect(await decide(request.id, { decision: 'approve', role: 'pmec_admin', org_name: 'Lender A' })).toEqual(notForOrg('Lender A', 'fi', 'pmec_admin'));
    expect(await item(`REQUEST#${request.id}`, 'META')).toMatchObject({ status: 'pending' });
    expect((await item(`REQUEST#${request.id}`, 'META'))?.org_id).toBeUndefined();
    expect(await groupsOf(twin, request.sub)).toEqual([]);
    expectStatus(await decide(request.id, { decision: 'approve', role: 'fi_admin', org_name: 'Lender A' }), 200);
  });

  it('refuses FI Admin for a PMEC request and grants PMEC Admin', async () => {
    const request = await requestAccess(twin, 'pmec', { orgName: 'District Payroll Kinds' });
    expect(await decide(request.id, { decision: 'approve', role: 'fi_admin', org_name: 'District Payroll Kinds' })).toEqual(
      notForOrg('District Payroll Kinds', 'pmec', 'fi_admin'),
    );
    expectStatus(await decide(request.id, { decision: 'approve', role: 'pmec_admin', org_name: 'District Payroll Kinds' }), 200);
    expect(await groupsOf(twin, request.sub)).toEqual(['pmec_admin']);
  });

  it('refuses PMEC Admin to a person joining an existing FI organisation; Compliance joins', async () => {
    const first = await requestAccess(twin, 'fi');
    const made = okBody(await decide(first.id, { decision: 'approve', role: 'fi_admin', org_name: 'Joined Lender' }));
    const second = await requestAccess(twin, 'fi', { payeeKey: first.payeeKey! });
    expect(await decide(second.id, { decision: 'approve', role: 'pmec_admin', join_org_id: made.org_id! })).toEqual(
      notForOrg('Joined Lender', 'fi', 'pmec_admin'),
    );
    expect(await item(`ORG#${made.org_id}`, `MEMBER#${second.sub}`)).toBeUndefined();
    expectStatus(await decide(second.id, { decision: 'approve', role: 'compliance', join_org_id: made.org_id! }), 200);
  });
});

describe('inviting and adding to a team', () => {
  let fi: Awaited<ReturnType<typeof approvedOrgAdmin>>;
  let pmec: Awaited<ReturnType<typeof approvedOrgAdmin>>;
  beforeAll(async () => {
    [fi, pmec] = [await approvedOrgAdmin(twin, adminToken, 'fi'), await approvedOrgAdmin(twin, adminToken, 'pmec')];
  });
  const orgName = async (orgId: string) => String((await item(`ORG#${orgId}`, 'META'))?.org_name);

  it('offers only the roles the organisation holds', async () => {
    expect(okBody(await call(twin, getTeam, { query: { org_id: fi.orgId }, caller: adminToken })).grantable_roles).toEqual([
      'fi_admin',
      'compliance',
      'data_user',
    ]);
    expect(okBody(await call(twin, getTeam, { query: { org_id: pmec.orgId }, caller: adminToken })).grantable_roles).toEqual([
      'pmec_admin',
      'compliance',
      'data_user',
    ]);
  });

  it('refuses PMEC Admin in an FI organisation, to a new email and to an existing account, writing nothing', async () => {
    const name = await orgName(fi.orgId);
    const newcomer = uniqueEmail('kind-new');
    expect(await add(adminToken, { email: newcomer, role: 'pmec_admin', org_id: fi.orgId })).toEqual(notForOrg(name, 'fi', 'pmec_admin'));
    const existing = await signedInUser(twin, []);
    expect(await add(adminToken, { email: existing.email, role: 'pmec_admin', org_id: fi.orgId })).toEqual(notForOrg(name, 'fi', 'pmec_admin'));
    expect(await add(fi.token, { email: existing.email, role: 'pmec_admin' })).toEqual(notForOrg(name, 'fi', 'pmec_admin'));
    expect(await item(`ORG#${fi.orgId}`, `MEMBER#${existing.username}`)).toBeUndefined();
    const members = okBody(await call(twin, getTeam, { query: { org_id: fi.orgId }, caller: adminToken })).members.map((m) => m.email);
    expect(members).not.toContain(newcomer);
  });

  it('accepts PMEC Admin in a PMEC organisation, from a platform admin and from its own admin', async () => {
    expect((await add(adminToken, { email: uniqueEmail('kind-pa'), role: 'pmec_admin', org_id: pmec.orgId })).status).toBe(200);
    expect((await add(pmec.token, { email: uniqueEmail('kind-pb'), role: 'pmec_admin' })).status).toBe(200);
    expect(await add(adminToken, { email: uniqueEmail('kind-pc'), role: 'fi_admin', org_id: pmec.orgId })).toEqual(
      notForOrg(await orgName(pmec.orgId), 'pmec', 'fi_admin'),
    );
  });

  it('does not let an invitation to a role of the other kind be accepted', async () => {
    const invitee = await signedInUser(twin, []);
    const org = await seedOrganisation(twin, uniquePayeeKey(), 'Invited Lender');
    await seedMembership(twin, org, invitee.username, 'invited', 'pmec_admin', invitee.email);
    expect(await call(twin, acceptTeamInvite, { body: { org_id: org.orgId }, caller: invitee.token })).toEqual(notForOrg('Invited Lender', 'fi', 'pmec_admin'));
    expect(okBody(await call(twin, acceptTeamInvite, { body: {}, caller: invitee.token })).accepted).toEqual([]);
    expect(await item(`ORG#${org.orgId}`, `MEMBER#${invitee.username}`)).toMatchObject({ status: 'invited' });
    expect(await groupsOf(twin, invitee.username)).toEqual([]);
  });
});

describe(`${listRoleMismatches.method} ${listRoleMismatches.path}`, () => {
  it('lists a membership whose role its organisation does not hold, for platform admins only', async () => {
    const org = await seedOrganisation(twin, uniquePayeeKey(), 'Mismatched Lender');
    const person = await signedInUser(twin, []);
    await seedMembership(twin, org, person.username, 'approved', 'pmec_admin', person.email);
    await db.send(
      new PutCommand({
        TableName: twin.env.TABLE_DIRECTORY,
        Item: {
          pk: `ORG#${org.orgId}`,
          sk: 'MEMBER#fitting-user',
          org_id: org.orgId,
          org_name: org.orgName,
          client_type: 'fi',
          user_id: 'fitting-user',
          email: 'fits@example.com',
          role: 'compliance',
          status: 'approved',
        },
      }),
    );
    const res = await call(twin, listRoleMismatches, { caller: adminToken });
    expectStatus(res, 200);
    const mine = res.body.items.filter((m) => m.org_id === org.orgId);
    expect(mine).toEqual([
      {
        org_id: org.orgId,
        org_name: 'Mismatched Lender',
        client_type: 'fi',
        user_id: person.username,
        email: person.email,
        role: 'pmec_admin',
        status: 'approved',
        allowed_roles: ['fi_admin', 'compliance', 'data_user'],
      },
    ]);
    for (const roles of [['fi_admin'], ['pmec_admin'], ['compliance']] as const) {
      expect((await call(twin, listRoleMismatches, { caller: (await signedInUser(twin, [...roles])).token })).status).toBe(403);
    }
  });
});
