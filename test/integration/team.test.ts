import { AdminAddUserToGroupCommand, AdminGetUserCommand, AdminRemoveUserFromGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ROLE_CHANGE_MESSAGES, TEAM_MESSAGES as M } from '#shared/api/team.js';
import { acceptTeamInvite, declineTeamInvite, getMe } from '#shared/routes/accounts.js';
import { listSubmissions } from '#shared/routes/reviews.js';
import { addTeamMember, changeMemberRole, getTeam, removeTeamMember } from '#shared/routes/team.js';
import { cognitoFront, latestMessage, temporaryPasswordIn, uniqueEmail } from '../support/accounts.js';
import { call, expectStatus, named, okBody } from '../support/api.js';
import { cognitoClient, signIn } from '../support/cognito.js';
import { approvedOrgAdmin, auditOf, completeInvite, groupsOf, signedInUser } from './admin-support.js';

const twin = inject('twin');
let adminToken = '';
let fiA: Awaited<ReturnType<typeof approvedOrgAdmin>>;
let fiB: Awaited<ReturnType<typeof approvedOrgAdmin>>;
let pmec: Awaited<ReturnType<typeof approvedOrgAdmin>>;

beforeAll(async () => {
  adminToken = (await signIn(twin, twin.admin.email, twin.admin.password)).idToken;
  fiA = await approvedOrgAdmin(twin, adminToken, 'fi');
  fiB = await approvedOrgAdmin(twin, adminToken, 'fi');
  pmec = await approvedOrgAdmin(twin, adminToken, 'pmec');
});

const team = (token: string, orgId?: string) => call(twin, getTeam, { query: { org_id: orgId }, caller: token });
const addMember = (token: string, body: Record<string, unknown>) => call(twin, addTeamMember, { body, caller: token });
const removeMember = (token: string, id: string, orgId?: string) =>
  call(twin, removeTeamMember, { params: { id }, query: { org_id: orgId || undefined }, caller: token });
const refusal = (status: number, error: string, message: string) => ({ status, body: { error, message } });
/** An existing account joins an organisation: invited by `adminToken`, then accepting it themselves. */
async function join(adminToken: string, member: { email: string; token: string }, role: string, orgId: string, named = false) {
  const res = await addMember(adminToken, { email: member.email, role, ...(named ? { org_id: orgId } : {}) });
  if (res.status !== 200) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
  const accepted = await call(twin, acceptTeamInvite, { body: { org_id: orgId }, caller: member.token });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
}

describe(named(getTeam), () => {
  it('shows an FI admin their own organisation with the roles they may grant', async () => {
    const res = await team(fiA.token);
    expectStatus(res, 200);
    const body = res.body;
    expect(body.org).toMatchObject({ org_id: fiA.orgId, client_type: 'fi', payee_key: fiA.payeeKey });
    expect(body.members).toEqual([expect.objectContaining({ email: fiA.email, role: 'fi_admin', status: 'approved', approved: true })]);
    expect(body.grantable_roles).toEqual(['fi_admin', 'compliance', 'data_user']);
    expect(body.effective_roles).toBeUndefined();
    expect(okBody(await team(pmec.token)).grantable_roles).toEqual(['pmec_admin', 'compliance']);
  });

  it('refuses an FI admin naming another organisation, and one with no organisation', async () => {
    expect(await team(fiA.token, fiB.orgId)).toEqual(refusal(403, 'no_org_access', M.noAccess));
    expect(await team(fiA.token, 'not-a-uuid')).toEqual(refusal(400, 'invalid_org_id', M.invalidOrgId));
    // A role in the Cognito groups alone (the console's mirror) is no role: the directory has none.
    const orphan = await signedInUser(twin, ['fi_admin'], undefined, { directory: false });
    expect(await team(orphan.token)).toMatchObject({ status: 403, body: { error: 'not_approved' } });
  });

  it('makes platform admins name a valid, existing organisation and shows them effective roles', async () => {
    expect(await team(adminToken)).toEqual(refusal(400, 'invalid_org_id', M.invalidOrgId));
    expect(await team(adminToken, '1234')).toEqual(refusal(400, 'invalid_org_id', M.invalidOrgId));
    expect(await team(adminToken, '0b9c3c2e-1111-4222-8333-444455556666')).toEqual(refusal(404, 'org_not_found', M.orgNotFound));
    const body = okBody(await team(adminToken, fiA.orgId));
    expect(body.grantable_roles).toEqual(['fi_admin', 'compliance', 'data_user']);
    expect(body.effective_roles).toEqual([{ user_id: fiA.sub, email: fiA.email, roles: ['fi_admin'] }]);
    // A role the person holds anywhere else (here a console-added group) is not this organisation's.
    await cognitoClient(twin).send(new AdminAddUserToGroupCommand({ UserPoolId: twin.env.USER_POOL_ID, Username: fiA.sub, GroupName: 'data_user' }));
    expect(okBody(await team(adminToken, fiA.orgId)).effective_roles).toEqual([{ user_id: fiA.sub, email: fiA.email, roles: ['fi_admin'] }]);
    await cognitoClient(twin).send(new AdminRemoveUserFromGroupCommand({ UserPoolId: twin.env.USER_POOL_ID, Username: fiA.sub, GroupName: 'data_user' }));
  });

  it('refuses roles outside the team roles', async () => {
    for (const roles of [['data_user'], ['compliance'], ['admin'], []] as const) {
      const user = await signedInUser(twin, [...roles]);
      expect((await team(user.token)).status).toBe(403);
      expect((await addMember(user.token, { email: uniqueEmail('x'), role: 'data_user' })).status).toBe(403);
      expect((await removeMember(user.token, fiA.sub)).status).toBe(403);
    }
    expect((await team('', undefined)).status).toBe(401);
  });
});

describe(named(addTeamMember), () => {
  it('invites a new email: invite mail, membership invited, no role until accepted', async () => {
    const email = uniqueEmail('invitee');
    const res = await addMember(fiA.token, { email: ` ${email.toUpperCase()} `, role: 'data_user' });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ invited: true, member: { email, role: 'data_user', status: 'invited', approved: false } });
    expect(await addMember(fiA.token, { email, role: 'compliance' })).toEqual(refusal(409, 'invite_exists', M.inviteExists));

    const message = await latestMessage(twin, email, 'invited');
    const code = temporaryPasswordIn(message);
    const token = await completeInvite(twin, email, code);
    // Signed in but not accepted yet: still pending, no role.
    const before = okBody(await call(twin, getMe, { caller: token }));
    expect(before).toMatchObject({ approved: false, roles: [], memberships: [expect.objectContaining({ org_id: fiA.orgId, status: 'invited' })] });

    expect((await call(twin, acceptTeamInvite, { caller: token })).status).toBe(200);
    const user = await cognitoClient(twin).send(new AdminGetUserCommand({ UserPoolId: twin.env.USER_POOL_ID, Username: email }));
    expect(await groupsOf(twin, user.Username!)).toEqual(['data_user']);
    const fresh = (await signIn(twin, email, 'Invitee-Passw0rd')).idToken;
    expect(okBody(await call(twin, getMe, { caller: fresh }))).toMatchObject({ approved: true, roles: ['data_user'] });
    const listed = okBody(await team(fiA.token)).members.find((m) => m.email === email);
    expect(listed).toMatchObject({ status: 'approved', approved: true });
    const [audit] = await auditOf(twin, `USER#${user.Username}`);
    expect(audit).toMatchObject({
      action: 'team.member_invite',
      actor_email: fiA.email,
      org_id: fiA.orgId,
      details: { before: null, after: { status: 'invited' } },
    });
  });

  it('invites an existing account, which joins only when it accepts', async () => {
    const existing = await signedInUser(twin, []);
    const res = await addMember(fiA.token, { email: existing.email, role: 'compliance' });
    expect(res.body).toMatchObject({ invited: false, member: { status: 'invited', role: 'compliance' } });
    expect(await groupsOf(twin, existing.username)).toEqual([]);
    const entry = (await auditOf(twin, `USER#${existing.username}`)).find((e) => e.action === 'team.member_invite');
    expect(entry).toMatchObject({
      outcome: 'ok',
      actor_email: fiA.email,
      org_id: fiA.orgId,
      details: { before: null, after: { email: existing.email, role: 'compliance', status: 'invited' } },
    });
    const orgName = okBody(await team(fiA.token)).org.org_name;
    expect((await latestMessage(twin, existing.email, 'You are invited to join')).subject).toContain(orgName);
    // Until they accept nothing changes: still pending, the organisation's submissions out of reach.
    const me = okBody(await call(twin, getMe, { caller: existing.token }));
    expect(me).toMatchObject({
      approved: false,
      roles: [],
      memberships: [expect.objectContaining({ org_id: fiA.orgId, status: 'invited', role: 'compliance' })],
    });
    expect((await call(twin, listSubmissions, { query: { scope: 'reviews' }, caller: existing.token })).status).toBe(403);
    expect(await addMember(fiA.token, { email: existing.email, role: 'data_user' })).toEqual(refusal(409, 'invite_exists', M.inviteExists));

    expect((await call(twin, acceptTeamInvite, { body: { org_id: fiB.orgId }, caller: existing.token })).body).toMatchObject({ error: 'no_invitation' });
    const accepted = await call(twin, acceptTeamInvite, { body: { org_id: fiA.orgId }, caller: existing.token });
    expect(accepted.body).toEqual({ accepted: [{ org_id: fiA.orgId, org_name: orgName, role: 'compliance' }] });
    expect(okBody(await call(twin, getMe, { caller: existing.token }))).toMatchObject({ approved: true, roles: ['compliance'] });
    expect((await call(twin, listSubmissions, { query: { scope: 'reviews' }, caller: existing.token })).status).toBe(200);
    expect(await groupsOf(twin, existing.username)).toEqual(['compliance']);
    expect(await addMember(fiA.token, { email: existing.email, role: 'data_user' })).toEqual(refusal(409, 'already_member', M.alreadyMember));
  });

  it('invites an admin of another organisation without changing anything for them, and lets them decline', async () => {
    const res = await addMember(fiA.token, { email: fiB.email, role: 'data_user' });
    expect(res.body).toMatchObject({ member: { status: 'invited' } });
    // Still an FI admin of B only: A's reports stay out of reach.
    expect((await call(twin, getTeam, { query: { org_id: fiA.orgId }, caller: fiB.token })).status).toBe(403);
    const declined = await call(twin, declineTeamInvite, { body: { org_id: fiA.orgId }, caller: fiB.token });
    expect(declined.body).toMatchObject({ declined: { org_id: fiA.orgId, role: 'data_user' } });
    expect(await call(twin, declineTeamInvite, { body: { org_id: fiA.orgId }, caller: fiB.token })).toEqual(refusal(404, 'no_invitation', M.noInvitation));
    expect(okBody(await call(twin, getMe, { caller: fiB.token })).memberships.find((m) => m.org_id === fiA.orgId)).toMatchObject({ status: 'rejected' });
    // The inviting admin sees the answer.
    expect(okBody(await team(fiA.token)).declined_invitations).toContainEqual({
      user_id: fiB.sub,
      email: fiB.email,
      role: 'data_user',
      declined_at: expect.any(String),
    });
  });

  it('refuses an account that never verified its email', async () => {
    const email = uniqueEmail('unverified');
    await cognitoFront(twin, 'SignUp', { Username: email, Password: 'Unverified-Passw0rd', UserAttributes: [{ Name: 'email', Value: email }] });
    expect(await addMember(fiA.token, { email, role: 'data_user' })).toEqual(refusal(409, 'not_verified', M.notVerified(email)));
    expect(await addMember(adminToken, { email, role: 'fi_admin', org_id: fiA.orgId })).toEqual(refusal(409, 'not_verified', M.notVerified(email)));
  });

  it.each([
    [{ email: '', role: 'data_user' }, 400, 'validation_failed', M.emailAndRole],
    [{ email: 'a@example.com' }, 400, 'validation_failed', M.emailAndRole],
    [{ email: 'not-an-email', role: 'data_user' }, 400, 'validation_failed', M.invalidEmail],
    [{ email: 'a@example.com', role: 'data_user', org_id: 'nope' }, 400, 'validation_failed', M.invalidOrgId],
    [{ email: 'a@example.com', role: 'super_admin' }, 403, 'role_not_allowed', M.roleNotAllowed],
    [{ email: 'a@example.com', role: 'wizard' }, 400, 'validation_failed', M.roleNotAllowed],
  ])('refuses an FI admin %j', async (body, status, error, message) => {
    expect(await addMember(fiA.token, body)).toEqual(refusal(status, error, message));
  });

  it('keeps each organisation admin inside their own organisation and grantable roles', async () => {
    expect(await addMember(fiA.token, { email: uniqueEmail('b'), role: 'data_user', org_id: fiB.orgId })).toEqual(refusal(403, 'no_org_access', M.noAccess));
    expect(await addMember(pmec.token, { email: uniqueEmail('p'), role: 'data_user' })).toEqual(refusal(403, 'role_not_allowed', M.roleNotAllowed));
    expect((await addMember(pmec.token, { email: uniqueEmail('p'), role: 'compliance' })).status).toBe(200);
  });

  it('lets a platform admin add to any organisation they name, and only then', async () => {
    expect(await addMember(adminToken, { email: uniqueEmail('pa'), role: 'data_user' })).toEqual(refusal(400, 'invalid_org_id', M.invalidOrgId));
    const res = await addMember(adminToken, { email: uniqueEmail('pa'), role: 'compliance', org_id: fiB.orgId });
    expectStatus(res, 200);
    expect(res.body.member.status).toBe('invited');
  });
});

describe(named(removeTeamMember), () => {
  it('removes a member and withdraws the role, audited with before and after', async () => {
    const member = await signedInUser(twin, []);
    await join(fiA.token, member, 'data_user', fiA.orgId);
    const res = await removeMember(fiA.token, member.username);
    expectStatus(res, 200);
    expect(res.body.member).toMatchObject({ status: 'removed', approved: false });
    expect(await groupsOf(twin, member.username)).toEqual([]);
    expect(okBody(await team(fiA.token)).members.some((m) => m.user_id === member.username)).toBe(false);
    const entry = (await auditOf(twin, `USER#${member.username}`)).find((e) => e.action === 'team.member_remove');
    expect(entry).toMatchObject({ actor_email: fiA.email, details: { before: { status: 'approved' }, after: { status: 'removed' } } });
    expect(await removeMember(fiA.token, member.username)).toEqual(refusal(404, 'member_not_found', M.memberNotFound));
  });

  it('removes by email, keeps a role another organisation still grants', async () => {
    const member = await signedInUser(twin, []);
    await join(fiA.token, member, 'data_user', fiA.orgId);
    await join(fiB.token, member, 'data_user', fiB.orgId);
    expect((await removeMember(fiA.token, member.email)).status).toBe(200);
    expect(await groupsOf(twin, member.username)).toEqual(['data_user']);
  });

  it('refuses another organisation, self-removal and roles the admin may not grant', async () => {
    const inB = await signedInUser(twin, []);
    await join(fiB.token, inB, 'data_user', fiB.orgId);
    expect(await removeMember(fiA.token, inB.username, fiB.orgId)).toEqual(refusal(403, 'no_org_access', M.noAccess));
    expect(await removeMember(fiA.token, inB.username)).toEqual(refusal(404, 'member_not_found', M.memberNotFound));
    expect(await groupsOf(twin, inB.username)).toEqual(['data_user']);
    expect(await removeMember(fiA.token, fiA.sub)).toEqual(refusal(409, 'cannot_remove_self', M.cannotRemoveSelf));
    const dataUser = await signedInUser(twin, []);
    await join(adminToken, dataUser, 'data_user', pmec.orgId, true);
    expect(await removeMember(pmec.token, dataUser.username)).toEqual(refusal(403, 'remove_not_allowed', M.removeNotAllowed));
    expect((await removeMember(adminToken, dataUser.username, pmec.orgId)).status).toBe(200);
  });
});

describe(named(changeMemberRole), () => {
  const change = (token: string, id: string, role: string, orgId?: string) =>
    call(twin, changeMemberRole, { params: { id }, query: { org_id: orgId }, body: { role } as { role: 'data_user' }, caller: token });

  it("changes an approved member's role within the grant table and the organisation's kind", async () => {
    const member = await signedInUser(twin, []);
    await join(fiA.token, member, 'data_user', fiA.orgId);
    const changed = await change(fiA.token, member.username, 'compliance');
    expectStatus(changed, 200);
    expect(changed.body).toMatchObject({ member: { role: 'compliance' }, message: ROLE_CHANGE_MESSAGES.changed(member.email, 'Compliance') });
    expect((await call(twin, getMe, { caller: member.token })).body).toMatchObject({ roles: ['compliance'] });
    expect(await groupsOf(twin, member.username)).toEqual(['compliance']);
    expect(okBody(await team(fiA.token)).members.find((m) => m.user_id === member.username)).toMatchObject({ role: 'compliance' });

    // Outside the organisation's kind, outside the grant table, oneself, another organisation's admin.
    expect(await change(fiA.token, member.username, 'pmec_admin')).toEqual(refusal(403, 'role_not_allowed', M.roleNotAllowed));
    expect(await change(fiA.token, member.username, 'super_admin')).toEqual(refusal(403, 'role_not_allowed', M.roleNotAllowed));
    expect(await change(fiA.token, fiA.sub, 'data_user')).toEqual(refusal(409, 'cannot_change_self', ROLE_CHANGE_MESSAGES.self));
    expect((await change(fiB.token, member.username, 'data_user')).status).toBe(404);
    expect((await change(member.token, member.username, 'data_user')).status).toBe(403);
    // A platform admin names the organisation.
    expectStatus(await change(adminToken, member.username, 'data_user', fiA.orgId), 200);
    expect((await auditOf(twin, `USER#${member.username}`)).filter((e) => e.action === 'team.member_role').map((e) => e.outcome)).toEqual([
      'ok',
      'refused',
      'refused',
      'ok',
    ]);
  });
});
