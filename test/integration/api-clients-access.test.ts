import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCESS_MESSAGES } from '#shared/access.js';
import { API_CLIENT_MESSAGES as M } from '#shared/api/api-clients.js';
import { createApiClient, deleteApiClient, listApiClients, rotateApiClient } from '#shared/routes/api-clients.js';
import { getHistory } from '#shared/routes/history.js';
import { listSubmissions } from '#shared/routes/reviews.js';
import { removeTeamMember } from '#shared/routes/team.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey } from '../fixtures/submissions/directory.js';
import { requestClientToken } from '../support/api-clients.js';
import { actingFor, call, expectStatus, okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

/**
 * Who manages an organisation's API clients (its admins, for it alone: a member of two organisations
 * only for the one they administer, a removed admin not at all), and what a client's token reaches
 * across organisations and after its client is gone.
 */
const twin = inject('twin');

async function signedIn() {
  const user = await createUser(twin, []);
  const { idToken } = await signIn(twin, user.email, user.password);
  return { token: idToken, sub: subOf(idToken) };
}

const create = (caller: string, name: string) => call(twin, createApiClient, { body: { name, role: 'data_user' }, caller });
const rotate = (caller: string, clientId: string) => call(twin, rotateApiClient, { params: { client_id: clientId }, caller });
const remove = (caller: string, clientId: string) => call(twin, deleteApiClient, { params: { client_id: clientId }, caller });
const names = async (caller: string) => okBody(await call(twin, listApiClients, { caller })).clients.map((c) => c.name);
const bearerOf = async (made: { client_id: string; client_secret: string }) =>
  String((await requestClientToken(twin, made.client_id, made.client_secret)).body.access_token);

let orgA: Awaited<ReturnType<typeof seedOrganisation>>;
let orgB: Awaited<ReturnType<typeof seedOrganisation>>;
let adminA = { token: '', sub: '' };
let clientOfA = { client_id: '', client_secret: '' };

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([seedOrganisation(twin, uniquePayeeKey()), seedOrganisation(twin, uniquePayeeKey())]);
  adminA = await signedIn();
  await seedMembership(twin, orgA, adminA.sub, 'approved', 'fi_admin');
  clientOfA = okBody(await create(adminA.token, 'loans-a'));
});

describe('a member of two organisations, admin of one and data user of the other', () => {
  let two = { token: '', sub: '' };
  beforeAll(async () => {
    two = await signedIn();
    await seedMembership(twin, orgB, two.sub, 'approved', 'fi_admin');
    await seedMembership(twin, orgA, two.sub, 'approved', 'data_user');
  });

  it('is asked which organisation they act for', async () => {
    expect(await call(twin, listApiClients, { caller: two.token })).toMatchObject({ status: 409, body: { error: 'choose_organisation' } });
  });

  it('manages the clients of the organisation they administer, and sees only those', async () => {
    const asAdmin = actingFor(two.token, orgB.orgId);
    expectStatus(await create(asAdmin, 'loans-b'), 201);
    expect(await names(asAdmin)).toEqual(['loans-b']);
  });

  it('is refused with 403 on the clients of the organisation where they are a data user', async () => {
    const asMember = actingFor(two.token, orgA.orgId);
    for (const answer of [
      await call(twin, listApiClients, { caller: asMember }),
      await create(asMember, 'sneaky'),
      await rotate(asMember, clientOfA.client_id),
      await remove(asMember, clientOfA.client_id),
    ]) {
      expect(answer).toMatchObject({ status: 403, body: { error: 'forbidden', message: ACCESS_MESSAGES.role } });
    }
  });

  it('cannot rotate or delete the other organisation’s client while acting as an admin: it is not found there', async () => {
    const asAdmin = actingFor(two.token, orgB.orgId);
    expect(await rotate(asAdmin, clientOfA.client_id)).toEqual({ status: 404, body: { error: 'api_client_not_found', message: M.notFound } });
    expect(await remove(asAdmin, clientOfA.client_id)).toEqual({ status: 404, body: { error: 'api_client_not_found', message: M.notFound } });
    expect(await names(adminA.token)).toContain('loans-a');
  });
});

describe('an admin removed from the organisation', () => {
  it('no longer lists, creates, rotates or deletes its clients, and is told they were removed', async () => {
    const removed = await signedIn();
    await seedMembership(twin, orgA, removed.sub, 'approved', 'fi_admin');
    const made = okBody(await create(adminA.token, 'loans-removed'));
    expectStatus(await call(twin, removeTeamMember, { params: { id: removed.sub }, caller: adminA.token }), 200);
    // The removed admin's first request after the removal: read fresh from the directory (no earlier request of theirs is remembered).
    for (const answer of [
      await call(twin, listApiClients, { caller: removed.token }),
      await create(removed.token, 'after-removal'),
      await rotate(removed.token, made.client_id),
      await remove(removed.token, made.client_id),
    ]) {
      expect(answer).toMatchObject({ status: 403, body: { error: 'not_approved', message: expect.stringContaining('removed') } });
    }
    expect(await names(adminA.token)).toEqual(expect.arrayContaining(['loans-a', 'loans-removed']));
    expect(await names(adminA.token)).not.toContain('after-removal');
  });
});

describe('a client’s token', () => {
  it('acts for its own organisation only: naming another is refused with a sentence', async () => {
    const bearer = await bearerOf(clientOfA);
    expect(await call(twin, getHistory, { query: { nrc: '100001/10/1' }, caller: actingFor(bearer, orgB.orgId) })).toEqual({
      status: 403,
      body: { error: 'not_acting_member', message: M.otherOrganisation },
    });
  });

  it('is refused on its next request once its client is deleted, with the sentence saying why', async () => {
    const made = okBody(await create(adminA.token, 'short-lived'));
    const bearer = await bearerOf(made);
    expect((await call(twin, listSubmissions, { caller: bearer })).status).not.toBe(401);
    expectStatus(await remove(adminA.token, made.client_id), 200);
    expect(await call(twin, listSubmissions, { caller: bearer })).toEqual({ status: 401, body: { error: 'unauthorized', message: M.unknownClient } });
  });
});
