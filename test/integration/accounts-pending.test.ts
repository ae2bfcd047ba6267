import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCESS_MESSAGES } from '#shared/access.js';
import { RENEW_MESSAGES } from '#shared/api/accounts.js';
import { getMe, renewAccessRequest } from '#shared/routes/accounts.js';
import { decideAccessRequest, listAccessRequests } from '#shared/routes/admin.js';
import { getTeam } from '#shared/routes/team.js';
import { pdfBytes, postToS3 } from '../support/accounts.js';
import { call, expectStatus, named, okBody } from '../support/api.js';
import { signIn } from '../support/cognito.js';
import { approvedOrgAdmin, requestAccess, signedInUser } from './admin-support.js';

/** What an account without access sees of itself, and the new request it may file. */
const twin = inject('twin');
let adminToken = '';

beforeAll(async () => {
  adminToken = (await signIn(twin, twin.admin.email, twin.admin.password)).idToken;
});

const me = async (token: string) => okBody(await call(twin, getMe, { caller: token }));
const decide = (id: string, body: { decision: 'approve' | 'reject' | 'remove'; note?: string; role?: string }) =>
  call(twin, decideAccessRequest, { params: { id }, body, caller: adminToken });

describe(named(renewAccessRequest), () => {
  it('shows a rejected applicant the rejection and its note, and lets them file a new request admins see beside the old one', async () => {
    const first = await requestAccess(twin, 'fi');
    expectStatus(await decide(first.id, { decision: 'reject', note: 'The PACRA certificate has expired.' }), 200);
    const token = (await signIn(twin, first.email, first.password)).idToken;
    expect((await me(token)).access_request).toMatchObject({
      id: first.id,
      status: 'rejected',
      decision_note: 'The PACRA certificate has expired.',
      decided_at: expect.any(String),
    });

    const renewed = await call(twin, renewAccessRequest, { body: { client_type: 'fi', payee_key: first.payeeKey!.toLowerCase() }, caller: token });
    expectStatus(renewed, 200);
    expect(Object.keys(renewed.body.uploads).sort()).toEqual(['application', 'pacra', 'tpin']);
    expect((await postToS3(renewed.body.uploads.pacra!, pdfBytes(1024))).status).toBe(204);
    expect((await me(token)).access_request).toMatchObject({ id: renewed.body.id, status: 'pending', payee_key: first.payeeKey });
    expect(await call(twin, renewAccessRequest, { body: { client_type: 'fi', payee_key: first.payeeKey! }, caller: token })).toEqual({
      status: 409,
      body: { error: 'request_pending', message: RENEW_MESSAGES.pending },
    });

    const all = okBody(await call(twin, listAccessRequests, { query: { status: 'all', q: first.email }, caller: adminToken })).items;
    expect(all.map((r) => [r.id, r.status])).toEqual([
      [renewed.body.id, 'pending'],
      [first.id, 'rejected'],
    ]);
    expectStatus(await decide(renewed.body.id, { decision: 'approve', role: 'fi_admin' }), 200);
    expect((await call(twin, renewAccessRequest, { body: { client_type: 'fi', payee_key: first.payeeKey! }, caller: token })).body).toMatchObject({
      error: 'has_access',
      message: RENEW_MESSAGES.hasAccess,
    });
  });

  it('lets a signed-in account that never filed a request file one, and checks its fields', async () => {
    const user = await signedInUser(twin, []);
    expect((await me(user.token)).access_request).toBeNull();
    expect((await call(twin, renewAccessRequest, { body: { client_type: 'pmec', org_name: ' ' }, caller: user.token })).status).toBe(400);
    const filed = await call(twin, renewAccessRequest, { body: { client_type: 'pmec', org_name: 'Ministry of Second Tries' }, caller: user.token });
    expectStatus(filed, 200);
    expect((await me(user.token)).access_request).toMatchObject({ status: 'pending', client_type: 'pmec', org_name: 'Ministry of Second Tries' });
    expect((await call(twin, renewAccessRequest, { body: { client_type: 'fi', payee_key: 'K1' } })).status).toBe(401);
  });
});

describe(named(getMe), () => {
  it('tells a removed member when and where they were removed, and every refusal says so', async () => {
    const admin = await approvedOrgAdmin(twin, adminToken, 'fi');
    expectStatus(await decide(admin.id, { decision: 'remove', note: 'Left the bank.' }), 200);
    const token = (await signIn(twin, admin.email, admin.password)).idToken;
    const answer = await me(token);
    expect(answer).toMatchObject({ approved: false, roles: [], access_request: { status: 'removed' } });
    const removed = answer.memberships.find((m) => m.org_id === admin.orgId)!;
    expect(removed).toMatchObject({ status: 'removed', decided_at: expect.any(String) });
    const refused = await call(twin, getTeam, { caller: token });
    expect(refused).toEqual({ status: 403, body: { error: 'not_approved', message: ACCESS_MESSAGES.removed(removed.org_name, removed.decided_at!) } });
    expect((refused.body as { message: string }).message).toContain(`You were removed from ${removed.org_name} on `);
  });
});
