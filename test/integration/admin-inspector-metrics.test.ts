import { beforeAll, describe, expect, inject, it } from 'vitest';
import { INSPECTOR_MESSAGES as M, PLATFORM_ADMIN_MESSAGES } from '#shared/api/admin.js';
import { acceptTeamInvite } from '#shared/routes/accounts.js';
import { addPlatformAdmin, decideAccessRequest, deleteAuthUser, getAdminMetrics, getUserLinks } from '#shared/routes/admin.js';
import { cognitoFront, latestMessage, signUp, temporaryPasswordIn, uniqueEmail } from '../support/accounts.js';
import { call, expectStatus, named, okBody } from '../support/api.js';
import { signIn } from '../support/cognito.js';
import { auditOf, completeInvite, requestAccess, signedInUser } from './admin-support.js';

const twin = inject('twin');
let adminToken = '';

beforeAll(async () => {
  adminToken = (await signIn(twin, twin.admin.email, twin.admin.password)).idToken;
});

const links = (email: string, token = adminToken) => call(twin, getUserLinks, { params: { email }, caller: token });
const deleteUser = (email: string, token = adminToken) => call(twin, deleteAuthUser, { params: { email }, caller: token });

describe(`${named(getUserLinks)} (User Inspector)`, () => {
  it('shows the auth user and its four kinds of links', async () => {
    const request = await requestAccess(twin, 'fi');
    await call(twin, decideAccessRequest, { params: { id: request.id }, body: { decision: 'approve', role: 'fi_admin' }, caller: adminToken });
    const res = await links(request.email.toUpperCase());
    expectStatus(res, 200);
    const body = res.body;
    expect(body).toMatchObject({ email: request.email, user_id: request.sub, counts: { org_members: 1, access_requests: 1, admin_users: 0, user_roles: 1 } });
    expect(body.auth_user).toMatchObject({
      id: request.sub,
      email: request.email,
      status: 'CONFIRMED',
      identities_count: 0,
      factors_count: 0,
      last_sign_in_at: null,
    });
    expect(body.auth_user?.created_at).toEqual(expect.any(String));
    expect(body.links.user_roles).toEqual([{ role_id: 'fi_admin', created_at: null }]);
    expect(body.links.access_requests[0]).toMatchObject({ id: request.id, status: 'approved' });

    const admin = okBody(await links(twin.admin.email));
    expect(admin.links.admin_users).toEqual([expect.objectContaining({ role: 'super_admin' })]);
  });

  it("shows when a self sign-up was confirmed (its email code), not the account's last change", async () => {
    const email = uniqueEmail('confirm');
    await signUp(twin, email);
    expect(okBody(await links(email)).auth_user).toMatchObject({ confirmed: false, email_confirmed_at: null });
    const code = (await latestMessage(twin, email, 'Verify your email')).code!;
    const before = new Date().toISOString().slice(0, 19);
    expect((await cognitoFront(twin, 'ConfirmSignUp', { Username: email, ConfirmationCode: code })).status).toBe(200);
    const confirmed = okBody(await links(email)).auth_user!;
    expect(confirmed.confirmed).toBe(true);
    expect(confirmed.email_confirmed_at! >= before).toBe(true);
    // A later change of the account (a new password) leaves the confirmation's time as it was.
    await cognitoFront(twin, 'ForgotPassword', { Username: email });
    const reset = await latestMessage(twin, email, 'Reset your');
    expect((await cognitoFront(twin, 'ConfirmForgotPassword', { Username: email, ConfirmationCode: reset.code, Password: 'Another-Passw0rd' })).status).toBe(
      200,
    );
    expect(okBody(await links(email)).auth_user?.email_confirmed_at).toBe(confirmed.email_confirmed_at);
  });

  it('shows an invited account confirmed when it set its password and accepted the invitation', async () => {
    const email = uniqueEmail('confirm-invited');
    expectStatus(await call(twin, addPlatformAdmin, { body: { email, role: 'sys_admin' }, caller: adminToken }), 200);
    expect(okBody(await links(email)).auth_user).toMatchObject({ confirmed: false, email_confirmed_at: null });
    const token = await completeInvite(twin, email, temporaryPasswordIn(await latestMessage(twin, email, 'invited')));
    const before = new Date().toISOString().slice(0, 19);
    expectStatus(await call(twin, acceptTeamInvite, { body: {}, caller: token }), 200);
    const accepted = okBody(await links(email)).auth_user!;
    expect(accepted.confirmed).toBe(true);
    expect(accepted.email_confirmed_at! >= before).toBe(true);
  });

  it('answers an unknown email with no auth user and no links, and refuses a bad one', async () => {
    const body = okBody(await links(uniqueEmail('nobody')));
    expect(body).toMatchObject({ auth_user: null, user_id: null, counts: { org_members: 0, access_requests: 0, admin_users: 0, user_roles: 0 } });
    expect(await links('not-an-email')).toEqual({ status: 400, body: { error: 'invalid_email', message: PLATFORM_ADMIN_MESSAGES.invalid_email } });
  });

  it('refuses everyone but platform admins', async () => {
    for (const roles of [['fi_admin'], ['pmec_admin'], ['data_user'], []] as const) {
      const user = await signedInUser(twin, [...roles]);
      expect((await links(user.email, user.token)).status).toBe(403);
      expect((await deleteUser(user.email, user.token)).status).toBe(403);
    }
  });
});

describe(named(deleteAuthUser), () => {
  it('deletes an auth user only when it exists and has no links, audited', async () => {
    const linked = await signedInUser(twin, ['data_user']);
    expect(await deleteUser(linked.email)).toEqual({ status: 409, body: { error: 'has_links', message: M.hasLinks } });
    expect((await auditOf(twin, `USER#${linked.username}`)).map((e) => e.outcome)).toEqual(['refused']);

    const bare = await signedInUser(twin, []);
    const res = await deleteUser(bare.email);
    expect(res).toEqual({ status: 200, body: { ok: true, email: bare.email, user_id: bare.username, message: M.deleted } });
    expect(okBody(await links(bare.email)).auth_user).toBeNull();
    const [entry] = await auditOf(twin, `USER#${bare.username}`);
    expect(entry).toMatchObject({ action: 'auth_user.delete', outcome: 'ok', details: { before: { email: bare.email }, after: null } });

    expect(await deleteUser(bare.email)).toEqual({ status: 404, body: { error: 'no_auth_user', message: M.noAuthUser } });
  });
});

describe(named(getAdminMetrics), () => {
  it('counts auth users, platform admins, pending approvals and FI / PMEC roles', async () => {
    const before = okBody(await call(twin, getAdminMetrics, { caller: adminToken }));
    await requestAccess(twin, 'fi');
    const approved = await requestAccess(twin, 'pmec');
    await call(twin, decideAccessRequest, { params: { id: approved.id }, body: { decision: 'approve', role: 'pmec_admin' }, caller: adminToken });
    const after = okBody(await call(twin, getAdminMetrics, { caller: adminToken }));
    expect(after.totals.auth_users).toBe(before.totals.auth_users + 2);
    expect(after.totals.pending_approvals).toBe(before.totals.pending_approvals + 1);
    expect(after.totals.platform_admins).toBeGreaterThanOrEqual(1);
    expect(after.pmec.admins).toBe(before.pmec.admins + 1);
    expect(after.pmec.organisations).toBe(before.pmec.organisations + 1);
    expect(Date.parse(after.ts)).not.toBeNaN();
  });

  it('refuses everyone but platform admins', async () => {
    const sys = await signedInUser(twin, ['sys_admin']);
    expect((await call(twin, getAdminMetrics, { caller: sys.token })).status).toBe(200);
    for (const roles of [['fi_admin'], ['pmec_admin'], ['compliance'], []] as const) {
      const user = await signedInUser(twin, [...roles]);
      expect((await call(twin, getAdminMetrics, { caller: user.token })).status).toBe(403);
    }
  });
});
