import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { TEAM_MESSAGES as M } from '#shared/api/team.js';
import type { Role } from '#shared/roles.js';
import { acceptTeamInvite } from '#shared/routes/accounts.js';
import {
  addPlatformAdmin,
  decideAccessRequest,
  deleteAuthUser,
  getAccessRequestDocuments,
  getAdminMetrics,
  getUserLinks,
  listAccessRequests,
  listPlatformAdmins,
  removePlatformAdmin,
} from '#shared/routes/admin.js';
import { addTeamMember, getTeam, removeTeamMember } from '#shared/routes/team.js';
import { uniqueEmail } from '../support/accounts.js';
import { actingFor, call, named, okBody, type Answer } from '../support/api.js';
import { cognitoClient, signIn } from '../support/cognito.js';
import { approvedOrgAdmin, auditOf, documentClient, groupsOf, requestAccess, signedInUser } from './admin-support.js';

/**
 * Every administration and team route refuses callers outside its roles and organisation, on real
 * objects (not made-up ids), and the refusal changes nothing. One world, built once:
 * organisation A (fiA, a data_user member), organisation B (fiB, who is also a plain data_user
 * of A), a PMEC organisation, a pending access request, a user with no links and a sys_admin.
 */
const twin = inject('twin');
const db = documentClient(twin);

type Admin = Awaited<ReturnType<typeof approvedOrgAdmin>>;
let adminToken = '';
let fiA: Admin;
let fiB: Admin;
let pmec: Admin;
let memberOfA: Awaited<ReturnType<typeof signedInUser>>;
let pending: Awaited<ReturnType<typeof requestAccess>>;
let bare: Awaited<ReturnType<typeof signedInUser>>;
let sys: Awaited<ReturnType<typeof signedInUser>>;
/** Callers refused by role, by name; `null` is no session. */
const byRole = new Map<string, string | null>();

beforeAll(async () => {
  adminToken = (await signIn(twin, twin.admin.email, twin.admin.password)).idToken;
  [fiA, fiB, pmec] = [
    await approvedOrgAdmin(twin, adminToken, 'fi'),
    await approvedOrgAdmin(twin, adminToken, 'fi'),
    await approvedOrgAdmin(twin, adminToken, 'pmec'),
  ];
  memberOfA = await signedInUser(twin, []);
  expect((await call(twin, addTeamMember, { body: { email: memberOfA.email, role: 'data_user' }, caller: fiA.token })).status).toBe(200);
  expect((await call(twin, acceptTeamInvite, { body: { org_id: fiA.orgId }, caller: memberOfA.token })).status).toBe(200);
  // fiB is an approved member of A too (invited, and accepted), but only as a data_user: no say in A's team.
  expect((await call(twin, addTeamMember, { body: { email: fiB.email, role: 'data_user' }, caller: fiA.token })).status).toBe(200);
  expect((await call(twin, acceptTeamInvite, { body: { org_id: fiA.orgId }, caller: fiB.token })).status).toBe(200);
  pending = await requestAccess(twin, 'fi');
  bare = await signedInUser(twin, []);
  sys = await signedInUser(twin, ['sys_admin']);
  for (const role of ['compliance', 'data_user', 'admin'] as Role[]) byRole.set(role, (await signedInUser(twin, [role])).token);
  byRole.set('pending user', (await signedInUser(twin, [])).token);
  byRole.set('fi_admin of another organisation', fiB.token);
  byRole.set('pmec_admin', pmec.token);
  byRole.set('no session', null);
});

const expectRefused = (res: Answer<unknown>, token: string | null, label = '') => {
  expect(res.status, label).toBe(token === null ? 401 : 403);
  expect(res.body, label).toEqual({ error: expect.any(String), message: expect.any(String) });
};
const requestItem = async (id: string) =>
  (await db.send(new GetCommand({ TableName: twin.env.TABLE_DIRECTORY, Key: { pk: `REQUEST#${id}`, sk: 'META' } }))).Item;
const teamOfA = async () =>
  okBody(await call(twin, getTeam, { query: { org_id: fiA.orgId }, caller: adminToken }))
    .members.map((m) => `${m.email}:${m.role}:${m.status}`)
    .sort();
const userExists = (email: string) =>
  cognitoClient(twin)
    .send(new AdminGetUserCommand({ UserPoolId: twin.env.USER_POOL_ID, Username: email }))
    .then(
      () => true,
      () => false,
    );

describe('platform-admin routes refuse everyone but super and system admins', () => {
  const attempts: [string, (caller: string | null) => Promise<Answer<unknown>>][] = [
    [named(getAdminMetrics), (caller) => call(twin, getAdminMetrics, { caller })],
    [named(listAccessRequests), (caller) => call(twin, listAccessRequests, { caller })],
    [named(getAccessRequestDocuments), (caller) => call(twin, getAccessRequestDocuments, { params: { id: pending.id }, caller })],
    [
      `${named(decideAccessRequest)} (approve)`,
      (caller) => call(twin, decideAccessRequest, { params: { id: pending.id }, body: { decision: 'approve', role: 'fi_admin' }, caller }),
    ],
    [
      `${named(decideAccessRequest)} (remove)`,
      (caller) => call(twin, decideAccessRequest, { params: { id: pending.id }, body: { decision: 'remove', note: 'x' }, caller }),
    ],
    [named(getUserLinks), (caller) => call(twin, getUserLinks, { params: { email: fiA.email }, caller })],
    [named(deleteAuthUser), (caller) => call(twin, deleteAuthUser, { params: { email: bare.email }, caller })],
    [named(listPlatformAdmins), (caller) => call(twin, listPlatformAdmins, { caller })],
    [named(addPlatformAdmin), (caller) => call(twin, addPlatformAdmin, { body: { email: bare.email, role: 'sys_admin' }, caller })],
    [named(removePlatformAdmin), (caller) => call(twin, removePlatformAdmin, { params: { user_id: sys.username }, query: { role: 'sys_admin' }, caller })],
  ];

  it.each(attempts)('%s', async (_name, attempt) => {
    for (const [who, token] of byRole) {
      expectRefused(await attempt(token), token, who);
    }
    // Nothing changed.
    expect(await requestItem(pending.id)).toMatchObject({ status: 'pending' });
    expect(await groupsOf(twin, pending.sub)).toEqual([]);
    expect(await userExists(bare.email)).toBe(true);
    expect(await groupsOf(twin, bare.username)).toEqual([]);
    expect(await groupsOf(twin, sys.username)).toEqual(['sys_admin']);
  });

  it('refuses a sys_admin removing a platform admin (super_admin only), and records who tried', async () => {
    const res = await call(twin, removePlatformAdmin, { params: { user_id: sys.username }, query: { role: 'sys_admin' }, caller: sys.token });
    expectRefused(res, sys.token);
    expect(await groupsOf(twin, sys.username)).toEqual(['sys_admin']);
    const tried = (await auditOf(twin, `USER#${sys.username}`)).find((e) => e.action === 'request.remove-platform-admin');
    expect(tried).toMatchObject({ outcome: 'refused', actor_email: sys.email, details: { status: 403 } });
  });
});

describe('team routes keep each organisation admin inside their own organisation', () => {
  it('refuses roles outside the team roles on organisation A', async () => {
    for (const [who, token] of byRole) {
      if (who === 'fi_admin of another organisation' || who === 'pmec_admin') continue;
      expectRefused(await call(twin, getTeam, { query: { org_id: fiA.orgId }, caller: token }), token, who);
      expectRefused(await call(twin, addTeamMember, { body: { email: uniqueEmail('x'), role: 'data_user', org_id: fiA.orgId }, caller: token }), token, who);
      expectRefused(await call(twin, removeTeamMember, { params: { id: memberOfA.username }, query: { org_id: fiA.orgId }, caller: token }), token, who);
    }
    expect(await teamOfA()).toContain(`${memberOfA.email}:data_user:approved`);
  });

  // fiB, a member of two organisations, acts for B (the header); being a member of A too, they are told to switch.
  it.each([
    ['the fi_admin of B, a plain member of A', () => ({ token: actingFor(fiB.token, fiB.orgId), message: M.otherOrganisation })],
    ['the pmec_admin of another organisation', () => ({ token: pmec.token, message: M.noAccess })],
  ])('refuses %s reading or changing A’s team', async (_who, actor) => {
    const before = await teamOfA();
    const { token, message } = actor();
    const noAccess = { status: 403, body: { error: 'no_org_access', message } };
    expect(await call(twin, getTeam, { query: { org_id: fiA.orgId }, caller: token })).toEqual(noAccess);
    expect(await call(twin, addTeamMember, { body: { email: uniqueEmail('intruder'), role: 'data_user', org_id: fiA.orgId }, caller: token })).toEqual(
      noAccess,
    );
    expect(await call(twin, removeTeamMember, { params: { id: memberOfA.username }, query: { org_id: fiA.orgId }, caller: token })).toEqual(noAccess);
    expect(await call(twin, removeTeamMember, { params: { id: memberOfA.email }, query: { org_id: fiA.orgId }, caller: token })).toEqual(noAccess);
    // Without naming A they act on their own organisation, where A's member is not found.
    expect(await call(twin, removeTeamMember, { params: { id: memberOfA.username }, caller: token })).toEqual({
      status: 404,
      body: { error: 'member_not_found', message: M.memberNotFound },
    });
    expect(await teamOfA()).toEqual(before);
    expect(await groupsOf(twin, memberOfA.username)).toEqual(['data_user']);
  });

  it('refuses an organisation admin whose membership was removed, though they hold the token they had', async () => {
    const former = await signedInUser(twin, []);
    await call(twin, addTeamMember, { body: { email: former.email, role: 'fi_admin' }, caller: fiA.token });
    expect((await call(twin, acceptTeamInvite, { body: { org_id: fiA.orgId }, caller: former.token })).status).toBe(200);
    const token = (await signIn(twin, former.email, former.password)).idToken;
    expect(okBody(await call(twin, getTeam, { caller: token })).org.org_id).toBe(fiA.orgId);
    expect((await call(twin, removeTeamMember, { params: { id: former.username }, caller: fiA.token })).status).toBe(200);

    // The team is read afresh from the directory: refused at once, whatever the warm function remembers of the role.
    expect(await call(twin, getTeam, { caller: token })).toEqual({ status: 404, body: { error: 'org_unknown', message: M.orgUnknown } });
    expect(await call(twin, getTeam, { query: { org_id: fiA.orgId }, caller: token })).toEqual({
      status: 403,
      body: { error: 'no_org_access', message: M.noAccess },
    });
    expect((await call(twin, addTeamMember, { body: { email: uniqueEmail('late'), role: 'data_user', org_id: fiA.orgId }, caller: token })).status).toBe(403);
    expect((await call(twin, removeTeamMember, { params: { id: memberOfA.username }, query: { org_id: fiA.orgId }, caller: token })).status).toBe(403);
    expect(await groupsOf(twin, memberOfA.username)).toEqual(['data_user']);
  });

  it('records the refused attempt of another organisation’s admin', async () => {
    await call(twin, addTeamMember, { body: { email: uniqueEmail('audited'), role: 'compliance', org_id: fiA.orgId }, caller: pmec.token });
    const tried = (await auditOf(twin, `USER#${pmec.sub}`)).filter((e) => e.action === 'request.add-team-member');
    expect(tried.at(-1)).toMatchObject({ outcome: 'refused', actor_email: pmec.email, details: { status: 403, error: 'no_org_access' } });
  });
});
