import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PLATFORM_ADMIN_MESSAGES, platformInvitationMessage, platformInvitationWithdrawn } from '#shared/api/admin.js';
import { acceptTeamInvite, declineTeamInvite, getMe } from '#shared/routes/accounts.js';
import { addPlatformAdmin, listPlatformAdmins, removePlatformAdmin } from '#shared/routes/admin.js';
import { latestMessage, temporaryPasswordIn, uniqueEmail } from '../support/accounts.js';
import { call, expectStatus, named, okBody } from '../support/api.js';
import { cognitoClient, signIn } from '../support/cognito.js';
import { auditOf, completeInvite, groupsOf, signedInUser } from './admin-support.js';

const twin = inject('twin');
let adminToken = '';

beforeAll(async () => {
  adminToken = (await signIn(twin, twin.admin.email, twin.admin.password)).idToken;
});

const list = async (token = adminToken) => okBody(await call(twin, listPlatformAdmins, { caller: token }));
const add = (token: string, email: string, role: string) => call(twin, addPlatformAdmin, { body: { email, role }, caller: token });
const remove = (token: string, userId: string, role: string) =>
  call(twin, removePlatformAdmin, { params: { user_id: userId }, query: { role }, caller: token });

describe(named(listPlatformAdmins), () => {
  it('lists the seeded super_admin as a GLOBAL platform admin with the counts', async () => {
    const body = await list();
    const seeded = body.items.find((i) => i.email === twin.admin.email);
    expect(seeded).toMatchObject({ role: 'super_admin', org_name: null });
    expect(body.counts.super_admin).toBeGreaterThanOrEqual(1);
    expect(body.counts.super_admin).toBe(body.items.filter((i) => i.role === 'super_admin').length);
  });

  it('answers a sys_admin and refuses an organisation admin and a pending user', async () => {
    const sys = await signedInUser(twin, ['sys_admin']);
    expect((await call(twin, listPlatformAdmins, { caller: sys.token })).status).toBe(200);
    for (const roles of [['fi_admin'], ['pmec_admin'], []] as const) {
      const user = await signedInUser(twin, [...roles]);
      const res = await call(twin, listPlatformAdmins, { caller: user.token });
      expectStatus(res, 403);
    }
    expect((await call(twin, listPlatformAdmins)).status).toBe(401);
  });
});

describe(named(addPlatformAdmin), () => {
  it('invites an existing account, which holds sys_admin only once it accepts, audited', async () => {
    const user = await signedInUser(twin, []);
    const res = await add(adminToken, user.email.toUpperCase(), 'sys_admin');
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ invited: false, item: { email: user.email, role: 'sys_admin', org_name: null } });
    // Nothing changes for them until they accept.
    expect(await groupsOf(twin, user.username)).toEqual([]);
    expect((await call(twin, listPlatformAdmins, { caller: user.token })).status).toBe(403);
    expect((await call(twin, getMe, { caller: user.token })).body).toMatchObject({ approved: false, platform_invitations: ['sys_admin'] });
    expect((await latestMessage(twin, user.email, 'You are invited to join')).subject).toContain('Platform administration');
    const [entry] = await auditOf(twin, `USER#${user.username}`);
    expect(entry).toMatchObject({
      action: 'platform_admin.invite',
      outcome: 'ok',
      actor_email: twin.admin.email,
      details: { role: 'sys_admin', before: { roles: [] } },
    });
    expect(entry!.ts).toEqual(expect.any(String));
    expect(await add(adminToken, user.email, 'sys_admin')).toEqual({
      status: 409,
      body: { error: 'invite_exists', message: PLATFORM_ADMIN_MESSAGES.invite_exists },
    });

    const accepted = await call(twin, acceptTeamInvite, { body: { platform_role: 'sys_admin' }, caller: user.token });
    expect(accepted.body).toEqual({ accepted: [{ org_id: null, org_name: 'Platform administration', role: 'sys_admin' }] });
    expect(await groupsOf(twin, user.username)).toEqual(['sys_admin']);
    expect((await call(twin, listPlatformAdmins, { caller: user.token })).status).toBe(200);
    expect((await list()).items.some((i) => i.email === user.email && i.role === 'sys_admin')).toBe(true);
    const again = await add(adminToken, user.email, 'sys_admin');
    expect(again).toEqual({ status: 409, body: { error: 'role_already_granted', message: PLATFORM_ADMIN_MESSAGES.role_already_granted } });
  });

  it('lets an invited account decline, and grants nothing', async () => {
    const user = await signedInUser(twin, []);
    expect((await add(adminToken, user.email, 'super_admin')).status).toBe(200);
    const declined = await call(twin, declineTeamInvite, { body: { platform_role: 'super_admin' }, caller: user.token });
    expect(declined.body).toMatchObject({ declined: { org_id: null, role: 'super_admin' } });
    expect((await call(twin, acceptTeamInvite, { body: { platform_role: 'super_admin' }, caller: user.token })).status).toBe(404);
    expect((await call(twin, getMe, { caller: user.token })).body).toMatchObject({ approved: false, roles: [], platform_invitations: [] });
  });

  it('lets a sys_admin add a sys_admin but not a super_admin', async () => {
    const sys = await signedInUser(twin, ['sys_admin']);
    const target = await signedInUser(twin, []);
    const refused = await add(sys.token, target.email, 'super_admin');
    expect(refused).toEqual({ status: 403, body: { error: 'forbidden', message: PLATFORM_ADMIN_MESSAGES.forbidden } });
    expect(await groupsOf(twin, target.username)).toEqual([]);
    expect((await auditOf(twin, `EMAIL#${target.email}`)).map((e) => e.outcome)).toEqual(['refused']);
    expect((await add(sys.token, target.email, 'sys_admin')).status).toBe(200);
    expect((await call(twin, getMe, { caller: target.token })).body).toMatchObject({ platform_invitations: ['sys_admin'] });
  });

  it('refuses organisation admins and pending users', async () => {
    for (const roles of [['fi_admin'], ['pmec_admin'], ['compliance'], []] as const) {
      const user = await signedInUser(twin, [...roles]);
      expect((await add(user.token, uniqueEmail('nope'), 'sys_admin')).status).toBe(403);
    }
  });

  it.each([
    ['not-an-email', 'sys_admin', PLATFORM_ADMIN_MESSAGES.invalid_email],
    ['', 'sys_admin', PLATFORM_ADMIN_MESSAGES.invalid_email],
    ['x@example.com', 'fi_admin', PLATFORM_ADMIN_MESSAGES.role_required],
  ])('refuses email %j with role %j', async (email, role, message) => {
    expect(await add(adminToken, email, role)).toEqual({ status: 400, body: { error: 'validation_failed', message } });
  });

  it('invites a new email: Cognito sends the invite with a link holding only the email; the temporary password shown apart', async () => {
    const email = uniqueEmail('new-admin');
    const res = await add(adminToken, email, 'sys_admin');
    expectStatus(res, 200);
    expect(res.body.invited).toBe(true);
    const message = await latestMessage(twin, email, 'invited');
    const link = new URL(message.links[0]!);
    expect(link.pathname).toBe('/invite-accept');
    expect(link.searchParams.get('email')).toBe(email);
    expect([...link.searchParams.keys()]).toEqual(['email']);
    expect(temporaryPasswordIn(message)).toMatch(/^[A-Za-z0-9_-]+A1!$/);
    const user = await cognitoClient(twin).send(new AdminGetUserCommand({ UserPoolId: twin.env.USER_POOL_ID, Username: email }));
    expect(user.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    expect(res.body.message).toBe(platformInvitationMessage(email, 'sys_admin', true));
    // An invitation, listed apart and counted nowhere (the dashboard counts the groups), until the person sets a password and accepts.
    expect(await groupsOf(twin, user.Username!)).toEqual([]);
    const before = await list();
    expect(before.items.some((i) => i.email === email)).toBe(false);
    expect(before.invitations).toContainEqual(expect.objectContaining({ email, role: 'sys_admin' }));
    const token = await completeInvite(twin, email, temporaryPasswordIn(message));
    expect(okBody(await call(twin, acceptTeamInvite, { body: {}, caller: token })).accepted).toEqual([
      { org_id: null, org_name: 'Platform administration', role: 'sys_admin' },
    ]);
    const after = await list();
    expect(after.items.some((i) => i.email === email && i.role === 'sys_admin')).toBe(true);
    expect(after.invitations.some((i) => i.email === email)).toBe(false);
  });

  it('withdraws a pending invitation: the person can no longer accept it', async () => {
    const user = await signedInUser(twin, []);
    expectStatus(await add(adminToken, user.email, 'sys_admin'), 200);
    const withdrawn = await remove(adminToken, user.username, 'sys_admin');
    expect(withdrawn).toEqual({
      status: 200,
      body: { ok: true, user_id: user.username, role: 'sys_admin', message: platformInvitationWithdrawn(user.email, 'sys_admin') },
    });
    expect((await list()).invitations.some((i) => i.email === user.email)).toBe(false);
    expect((await call(twin, acceptTeamInvite, { body: { platform_role: 'sys_admin' }, caller: user.token })).status).toBe(404);
    expect((await auditOf(twin, `USER#${user.username}`)).map((e) => e.action)).toContain('platform_admin.invite_withdraw');
  });
});

describe(named(removePlatformAdmin), () => {
  it('removes sys_admin, audited; a sys_admin may not remove', async () => {
    const sys = await signedInUser(twin, ['sys_admin']);
    const other = await signedInUser(twin, ['sys_admin']);
    expect((await remove(sys.token, other.username, 'sys_admin')).status).toBe(403);
    const res = await remove(adminToken, other.username, 'sys_admin');
    expectStatus(res, 200);
    expect(await groupsOf(twin, other.username)).toEqual([]);
    expect((await list()).items.some((i) => i.user_id === other.username)).toBe(false);
    const entries = await auditOf(twin, `USER#${other.username}`);
    expect(entries.find((e) => e.action === 'platform_admin.remove')).toMatchObject({
      outcome: 'ok',
      actor_email: twin.admin.email,
      details: { role: 'sys_admin', before: { role: 'sys_admin' }, after: null },
    });
  });

  it('refuses a missing role and an unknown user', async () => {
    const res = await call(twin, removePlatformAdmin, { params: { user_id: twin.admin.email }, caller: adminToken });
    expect(res).toEqual({ status: 400, body: { error: 'role_required', message: PLATFORM_ADMIN_MESSAGES.role_required } });
    expect((await remove(adminToken, 'no-such-user', 'sys_admin')).status).toBe(404);
  });
});
