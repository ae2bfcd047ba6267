import { AdminDeleteUserCommand, AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCESS_DECISION_MESSAGES as M } from '#shared/api/admin.js';
import { getMe } from '#shared/routes/accounts.js';
import { decideAccessRequest, getAccessRequestDocuments, listAccessRequests } from '#shared/routes/admin.js';
import { addTeamMember, getTeam } from '#shared/routes/team.js';
import { pdfBytes, postToS3 } from '../support/accounts.js';
import { call, expectStatus, named, okBody, type RouteRequest } from '../support/api.js';
import { cognitoClient, signIn } from '../support/cognito.js';
import { auditOf, documentClient, groupsOf, requestAccess, signedInUser } from './admin-support.js';

const twin = inject('twin');
const db = documentClient(twin);
let adminToken = '';

beforeAll(async () => {
  adminToken = (await signIn(twin, twin.admin.email, twin.admin.password)).idToken;
});

const decide = (id: string, body: RouteRequest<typeof decideAccessRequest>, token = adminToken) =>
  call(twin, decideAccessRequest, { params: { id }, body, caller: token });
const listRequests = async (q?: string) => okBody(await call(twin, listAccessRequests, { query: { q }, caller: adminToken }));
const userExists = (email: string) =>
  cognitoClient(twin)
    .send(new AdminGetUserCommand({ UserPoolId: twin.env.USER_POOL_ID, Username: email }))
    .then(
      () => true,
      () => false,
    );
const storedRequest = async (id: string) =>
  (await db.send(new GetCommand({ TableName: twin.env.TABLE_DIRECTORY, Key: { pk: `REQUEST#${id}`, sk: 'META' } }))).Item;

describe(named(listAccessRequests), () => {
  it('lists pending requests newest first and searches email, organisation and payee key', async () => {
    const first = await requestAccess(twin, 'fi');
    const second = await requestAccess(twin, 'pmec', { orgName: 'Ministry of Searching' });
    const { items } = await listRequests();
    const ids = items.map((i) => i.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(items.find((i) => i.id === first.id)).toMatchObject({
      email: first.email,
      client_type: 'fi',
      payee_key: first.payeeKey,
      requested_role: 'fi_admin',
      status: 'pending',
      source: 'access_requests',
      documents: ['tpin', 'pacra', 'application'],
    });
    expect((await listRequests(first.email.toUpperCase())).items.map((i) => i.id)).toEqual([first.id]);
    expect((await listRequests(first.payeeKey!.toLowerCase())).items.map((i) => i.id)).toEqual([first.id]);
    expect((await listRequests('of searching*')).items.map((i) => i.id)).toContain(second.id);
    expect((await call(twin, listAccessRequests, { query: { status: 'bogus' }, caller: adminToken })).status).toBe(400);
  });

  it('refuses everyone but platform admins', async () => {
    const sys = await signedInUser(twin, ['sys_admin']);
    expect((await call(twin, listAccessRequests, { caller: sys.token })).status).toBe(200);
    for (const roles of [['fi_admin'], ['pmec_admin'], ['compliance'], []] as const) {
      const user = await signedInUser(twin, [...roles]);
      expect((await call(twin, listAccessRequests, { caller: user.token })).status).toBe(403);
      expect((await decide('any', { decision: 'reject', note: 'x' }, user.token)).status).toBe(403);
      expect((await call(twin, getAccessRequestDocuments, { params: { id: 'any' }, caller: user.token })).status).toBe(403);
    }
  });
});

describe(named(getAccessRequestDocuments), () => {
  it('gives signed links to the uploaded documents only, and audits the viewing', async () => {
    const request = await requestAccess(twin, 'fi');
    expect((await postToS3(request.uploads.tpin!, pdfBytes(2048))).status).toBe(204);
    const res = await call(twin, getAccessRequestDocuments, { params: { id: request.id }, caller: adminToken });
    expectStatus(res, 200);
    expect(res.body.expires_in).toBe(900);
    const tpin = res.body.items.find((i: { doc: string }) => i.doc === 'tpin');
    expect(tpin).toMatchObject({ label: 'TPIN', uploaded: true });
    const file = await fetch(tpin!.url!);
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBe(2048);
    expect(res.body.items.find((i: { doc: string }) => i.doc === 'pacra')).toMatchObject({ uploaded: false, url: null });
    expect((await auditOf(twin, `REQUEST#${request.id}`)).some((e) => e.action === 'access_request.documents_view')).toBe(true);
    expect((await call(twin, getAccessRequestDocuments, { params: { id: 'no-such-id' }, caller: adminToken })).status).toBe(404);
  });
});

describe(named(decideAccessRequest), () => {
  it('approves: organisation, approved membership and role; the user gets past pending', async () => {
    const request = await requestAccess(twin, 'fi');
    const pendingMe = okBody(await call(twin, getMe, { caller: (await signIn(twin, request.email, request.password)).idToken }));
    expect(pendingMe.approved).toBe(false);

    const res = await decide(request.id, { decision: 'approve', role: 'fi_admin' });
    expectStatus(res, 200);
    const answer = res.body;
    expect(answer).toMatchObject({ status: 'approved', message: M.approved, kept_auth_user: false });
    expect(await groupsOf(twin, request.sub)).toEqual(['fi_admin']);
    expect(await storedRequest(request.id)).toMatchObject({
      status: 'approved',
      role_granted: 'fi_admin',
      org_id: answer.org_id,
      decided_by: twin.admin.email,
    });
    const me = okBody(await call(twin, getMe, { caller: (await signIn(twin, request.email, request.password)).idToken }));
    expect(me).toMatchObject({
      approved: true,
      roles: ['fi_admin'],
      memberships: [{ org_id: answer.org_id, role: 'fi_admin', status: 'approved', payee_key: request.payeeKey }],
    });
    const audit = (await auditOf(twin, `REQUEST#${request.id}`)).find((e) => e.action === 'access_request.approve');
    expect(audit).toMatchObject({
      outcome: 'ok',
      org_id: answer.org_id,
      details: { before: { status: 'pending' }, after: { status: 'approved', role_granted: 'fi_admin' }, org_created: true },
    });

    // A retry answers the same; another decision is refused.
    expect(okBody(await decide(request.id, { decision: 'approve', role: 'fi_admin' })).org_id).toBe(answer.org_id);
    expect(await decide(request.id, { decision: 'reject', note: 'late' })).toEqual({
      status: 409,
      body: { error: 'already_decided', message: M.alreadyDecided },
    });
  });

  it("joins an existing organisation only by the approver's explicit choice, even when two approvals race", async () => {
    const payeeKey = `J${Date.now().toString(36).toUpperCase()}`;
    const [a, b, c] = [
      await requestAccess(twin, 'fi', { payeeKey }),
      await requestAccess(twin, 'fi', { payeeKey }),
      await requestAccess(twin, 'fi', { payeeKey }),
    ];
    const raced = await Promise.all([
      decide(a.id, { decision: 'approve', role: 'fi_admin', org_name: 'Bank of Joins' }),
      decide(b.id, { decision: 'approve', role: 'fi_admin' }),
    ]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = raced.find((r) => r.status === 200)!;
    const lost = raced.find((r) => r.status === 409)!;
    const winner = won === raced[0] ? a : b;
    const orgId = String(okBody(won).org_id);
    expect(lost.body).toMatchObject({ error: 'org_exists', details: { existing_org: { org_id: orgId, payee_key: payeeKey, admins: [winner.email] } } });

    // The approver sees the organisation and its admins; approving without choosing it is refused, nothing written.
    const listed = (await listRequests(c.email)).items[0]!;
    expect(listed.existing_org).toMatchObject({ org_id: orgId, payee_key: payeeKey, admins: [winner.email] });
    const refused = await decide(c.id, { decision: 'approve', role: 'fi_admin' });
    expectStatus(refused, 409);
    expect(refused.body.message).toBe(M.orgExists(listed.existing_org!.org_name, [winner.email]));
    expect((await storedRequest(c.id))?.status).toBe('pending');
    expect(await groupsOf(twin, c.sub)).toEqual([]);

    // Chosen: joins with the role picked, here a data user, not a second admin.
    const joined = await decide(c.id, { decision: 'approve', role: 'data_user', join_org_id: orgId });
    expect(joined.body).toMatchObject({ status: 'approved', org_id: orgId });
    const members = okBody(await call(twin, getTeam, { query: { org_id: orgId }, caller: adminToken })).members;
    expect(members.map((m) => [m.email, m.role]).sort()).toEqual(
      [
        [winner.email, 'fi_admin'],
        [c.email, 'data_user'],
      ].sort(),
    );
    expect((await decide(lost === raced[0] ? a.id : b.id, { decision: 'approve', role: 'super_admin', join_org_id: orgId })).body).toMatchObject({
      message: M.joinRoleInvalid,
    });
  });

  it('names a new FI organisation as the approver typed it, not after its payee key', async () => {
    const request = await requestAccess(twin, 'fi');
    const res = await decide(request.id, { decision: 'approve', role: 'fi_admin', org_name: '  Bank of Kasama  ' });
    const team = okBody(await call(twin, getTeam, { query: { org_id: okBody(res).org_id! }, caller: adminToken }));
    expect(team.org).toMatchObject({ org_name: 'Bank of Kasama', payee_key: request.payeeKey });
    // The "All" view shows the organisation and the role the approval actually granted.
    const all = okBody(await call(twin, listAccessRequests, { query: { status: 'all', q: request.email }, caller: adminToken })).items;
    expect(all).toEqual([
      expect.objectContaining({ id: request.id, status: 'approved', org_id: team.org.org_id, granted_org_name: 'Bank of Kasama', role_granted: 'fi_admin' }),
    ]);
  });

  it("refuses a new organisation with an existing one's name, naming it, and writes nothing", async () => {
    const name = `Lender ${Date.now().toString(36)}`;
    const first = await requestAccess(twin, 'fi');
    expectStatus(await decide(first.id, { decision: 'approve', role: 'fi_admin', org_name: name }), 200);
    const second = await requestAccess(twin, 'fi');
    const refused = await decide(second.id, { decision: 'approve', role: 'fi_admin', org_name: name.toUpperCase() });
    expect(refused).toEqual({
      status: 409,
      body: { error: 'org_name_taken', message: M.orgNameTaken(name, 'fi', first.payeeKey), details: expect.objectContaining({ org_name: name }) },
    });
    expect((await storedRequest(second.id))?.status).toBe('pending');
    const pmec = await requestAccess(twin, 'pmec', { orgName: `Ministry ${Date.now().toString(36)}` });
    expect((await decide(pmec.id, { decision: 'approve', role: 'pmec_admin', org_name: ` ${name} ` })).body).toMatchObject({ error: 'org_name_taken' });
    expectStatus(await decide(second.id, { decision: 'approve', role: 'fi_admin', org_name: `${name} Two` }), 200);
  });

  it('approves PMEC requests into one organisation per name, the second by choice', async () => {
    const orgName = `Ministry ${Date.now().toString(36)}`;
    const first = await requestAccess(twin, 'pmec', { orgName });
    const second = await requestAccess(twin, 'pmec', { orgName: orgName.toUpperCase() });
    const one = await decide(first.id, { decision: 'approve', role: 'pmec_admin' });
    expect((await decide(second.id, { decision: 'approve', role: 'pmec_admin' })).body).toMatchObject({ error: 'org_exists' });
    const two = await decide(second.id, { decision: 'approve', role: 'pmec_admin', join_org_id: okBody(one).org_id! });
    expect(okBody(two).org_id).toBe(okBody(one).org_id);
    expect(await groupsOf(twin, second.sub)).toEqual(['pmec_admin']);
  });

  it.each<[RouteRequest<typeof decideAccessRequest>, string]>([
    [{ decision: 'approve' }, M.roleRequired],
    [{ decision: 'approve', role: 'data_user' }, M.roleRequired],
    [{ decision: 'reject' }, M.reasonRequired],
    [{ decision: 'remove', note: '   ' }, M.reasonRequired],
  ])('refuses %j', async (body, message) => {
    const request = await requestAccess(twin, 'fi');
    expect(await decide(request.id, body)).toEqual({ status: 400, body: { error: 'validation_failed', message } });
    expect((await storedRequest(request.id))?.status).toBe('pending');
  });

  it('answers 404 for an unknown request', async () => {
    expect(await decide('no-such-request', { decision: 'reject', note: 'x' })).toEqual({
      status: 404,
      body: { error: 'request_not_found', message: M.notFound },
    });
  });

  it('rejects with a reason: the request keeps it and the user stays pending', async () => {
    const request = await requestAccess(twin, 'fi');
    const res = await decide(request.id, { decision: 'reject', note: 'Documents are not legible.' });
    expect(res.body).toMatchObject({ status: 'rejected', message: M.rejected });
    expect(await storedRequest(request.id)).toMatchObject({ status: 'rejected', decision_note: 'Documents are not legible.' });
    expect(await groupsOf(twin, request.sub)).toEqual([]);
    const audit = (await auditOf(twin, `REQUEST#${request.id}`)).find((e) => e.action === 'access_request.reject');
    expect(audit).toMatchObject({ details: { note: 'Documents are not legible.', before: { status: 'pending' }, after: { status: 'rejected' } } });
  });

  it('removes with a reason: request, documents and the auth user without other links go', async () => {
    const request = await requestAccess(twin, 'fi');
    const res = await decide(request.id, { decision: 'remove', note: 'Duplicate sign-up.' });
    expect(res.body).toMatchObject({ status: 'removed', message: M.removed, kept_auth_user: false, links: null });
    expect(await storedRequest(request.id)).toBeUndefined();
    expect(await userExists(request.email)).toBe(false);
    const audit = (await auditOf(twin, `REQUEST#${request.id}`)).find((e) => e.action === 'access_request.remove');
    expect(audit).toMatchObject({ details: { note: 'Duplicate sign-up.', auth_user_deleted: true, before: { id: request.id }, after: null } });
  });

  it('removes a decided request while a newer one of the same email is pending, and leaves the newer one pending', async () => {
    const old = await requestAccess(twin, 'fi');
    expect((await decide(old.id, { decision: 'reject', note: 'Documents unreadable.' })).status).toBe(200);
    // The person's account was deleted and they signed up again with the same email.
    await cognitoClient(twin).send(new AdminDeleteUserCommand({ UserPoolId: twin.env.USER_POOL_ID, Username: old.email }));
    const newer = await requestAccess(twin, 'fi', { email: old.email });

    const res = await decide(old.id, { decision: 'remove', note: 'Superseded by a new request.' });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ status: 'removed' });
    expect(await storedRequest(old.id)).toBeUndefined();
    expect(await storedRequest(newer.id)).toMatchObject({ status: 'pending' });
    const guard = await db.send(new GetCommand({ TableName: twin.env.TABLE_DIRECTORY, Key: { pk: `PENDING#${old.email}`, sk: 'REQUEST' } }));
    expect(guard.Item?.request_id).toBe(newer.id);
  });

  it('keeps an auth user that has other links and answers them for the inspector', async () => {
    const request = await requestAccess(twin, 'fi');
    const orgAdmin = await requestAccess(twin, 'fi');
    const org = await decide(orgAdmin.id, { decision: 'approve', role: 'fi_admin' });
    await call(twin, addTeamMember, { body: { email: request.email, role: 'data_user', org_id: okBody(org).org_id! }, caller: adminToken });
    const res = await decide(request.id, { decision: 'remove', note: 'Joined through a team instead.' });
    const answer = okBody(res);
    expect(answer).toMatchObject({ status: 'removed', kept_auth_user: true, message: M.removedKept });
    // The team's invitation is a live membership (no role yet until it is accepted): it keeps the account.
    expect(answer.links?.counts).toEqual({ org_members: 1, access_requests: 0, admin_users: 0, user_roles: 0 });
    expect(answer.links?.blocking_links).toBe(1);
    expect(await userExists(request.email)).toBe(true);
  });
});
