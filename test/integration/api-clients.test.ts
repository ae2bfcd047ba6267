import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { API_CLIENT_MESSAGES as M, API_CLIENT_SCOPE } from '#shared/api/api-clients.js';
import { API_CLIENT_REQUESTS_PER_MINUTE } from '#shared/api/api-clients.js';
import { createApiClient, deleteApiClient, listApiClients, rotateApiClient } from '#shared/routes/api-clients.js';
import { getHistory } from '#shared/routes/history.js';
import { listMyLookups } from '#shared/routes/portal.js';
import { listSubmissions } from '#shared/routes/reviews.js';
import { createUpload, getUpload } from '#shared/routes/submissions.js';
import { getTeam } from '#shared/routes/team.js';
import { currentMonth } from '#shared/rules/dates.js';
import { seedOrganisation, uniquePayeeKey } from '../fixtures/submissions/directory.js';
import { XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { apiClientToken, requestClientToken } from '../support/api-clients.js';
import { call, expectStatus, named, okBody } from '../support/api.js';
import { signIn } from '../support/cognito.js';
import { approvedOrgAdmin, auditOf, documentClient, signedInUser } from './admin-support.js';

const twin = inject('twin');
let adminToken = '';
let fiA: Awaited<ReturnType<typeof approvedOrgAdmin>>;
let fiB: Awaited<ReturnType<typeof approvedOrgAdmin>>;

beforeAll(async () => {
  adminToken = (await signIn(twin, twin.admin.email, twin.admin.password)).idToken;
  [fiA, fiB] = await Promise.all([approvedOrgAdmin(twin, adminToken, 'fi'), approvedOrgAdmin(twin, adminToken, 'fi')]);
});

const token = (clientId: string, secret: string, body?: string) => requestClientToken(twin, clientId, secret, body);
const accessToken = async (clientId: string, secret: string) => String((await token(clientId, secret)).body.access_token);
const create = (caller: string, name: string, role: string) => call(twin, createApiClient, { body: { name, role: role as 'data_user' }, caller });
const upload = (caller: string, payeeKey: string) =>
  call(twin, createUpload, {
    body: { doc_kind: 'inputs', month: currentMonth(), payee_key: payeeKey, file_name: 'a.xlsx', size: 100, content_type: XLSX_MIME },
    caller,
  });

describe(named(createApiClient), () => {
  it('lets an FI admin create a client, shows its secret once and lists it without', async () => {
    const res = await create(fiA.token, 'core-banking', 'data_user');
    expectStatus(res, 201);
    expect(res.body).toMatchObject({
      client: { name: 'core-banking', role: 'data_user', created_by: fiA.email },
      client_id: expect.any(String),
      client_secret: expect.any(String),
    });
    const listed = okBody(await call(twin, listApiClients, { caller: fiA.token }));
    expect(listed).toMatchObject({
      roles: ['compliance', 'data_user'],
      scope: API_CLIENT_SCOPE,
      clients: [{ client_id: res.body.client_id, name: 'core-banking' }],
    });
    expect(JSON.stringify(listed)).not.toContain(res.body.client_secret);
    expect(okBody(await call(twin, listApiClients, { caller: fiB.token })).clients).toEqual([]);
    expect(await create(fiA.token, 'Core-Banking', 'compliance')).toMatchObject({ status: 409, body: { error: 'name_taken' } });
  });

  it('refuses an admin role, a role of the other kind of organisation, and a bad name with 400', async () => {
    expect(await create(fiA.token, 'admin-bot', 'fi_admin')).toEqual({ status: 400, body: { error: 'admin_role', message: M.adminRole } });
    expect(await create(fiA.token, 'pmec-bot', 'pmec_admin')).toMatchObject({ status: 400, body: { error: 'role_not_for_organisation' } });
    expect(await create(fiA.token, 'x', 'data_user')).toMatchObject({ status: 400, body: { error: 'validation_failed' } });
  });

  it('refuses a member who is not an organisation admin with 403', async () => {
    const member = await signedInUser(twin, ['data_user']);
    expect(await create(member.token, 'sneaky', 'data_user')).toMatchObject({ status: 403 });
    expect(await call(twin, listApiClients, { caller: member.token })).toMatchObject({ status: 403 });
  });
});

describe('an API client’s access token', () => {
  let client = { id: '', secret: '' };
  beforeAll(async () => {
    const made = okBody(await create(fiA.token, 'loans', 'data_user'));
    client = { id: made.client_id, secret: made.client_secret };
  });

  it('is issued for the client id and secret only, in Cognito’s shape', async () => {
    const ok = await token(client.id, client.secret);
    expect(ok).toMatchObject({ status: 200, body: { token_type: 'Bearer', expires_in: 3600 } });
    const claims = JSON.parse(Buffer.from(String(ok.body.access_token).split('.')[1]!, 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ client_id: client.id, sub: client.id, token_use: 'access', scope: API_CLIENT_SCOPE });
    expect(claims.username).toBeUndefined();
    expect(await token(client.id, 'wrong')).toEqual({ status: 400, body: { error: 'invalid_client' } });
    expect((await token(client.id, client.secret, 'grant_type=password')).body.error).toBe('unsupported_grant_type');
  });

  it('works on a route open to clients, for its own organisation, audited as the client', async () => {
    const bearer = await accessToken(client.id, client.secret);
    const made = await upload(bearer, fiA.payeeKey!);
    expectStatus(made, 200);
    expectStatus(await call(twin, getUpload, { params: { id: made.body.id }, caller: bearer }), 200);
    // Its role decides as a member's would: a Data User lists no submissions.
    expect(await call(twin, listSubmissions, { caller: bearer })).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    const orgName = okBody(await call(twin, listApiClients, { caller: fiA.token })).org_name;
    const entries = await auditOf(twin, `USER#api-client:${client.id}`);
    expect(entries.some((e) => e.action === 'request.create-upload' && e.actor_email === `API client loans of ${orgName}` && e.org_id === fiA.orgId)).toBe(
      true,
    );
  });

  it('is refused on a route not open to clients, and on another organisation’s objects', async () => {
    const bearer = await accessToken(client.id, client.secret);
    expect(await call(twin, getTeam, { caller: bearer })).toEqual({ status: 403, body: { error: 'client_not_allowed', message: M.notForClients } });
    expect(await call(twin, listApiClients, { caller: bearer })).toMatchObject({ status: 403, body: { error: 'client_not_allowed' } });
    expect(await upload(bearer, fiB.payeeKey!)).toMatchObject({ status: 403 });
    const theirs = okBody(await upload(fiB.token, fiB.payeeKey!));
    expect((await call(twin, getUpload, { params: { id: theirs.id }, caller: bearer })).status).toBeOneOf([403, 404]);
  });

  it('has a request limit of its own: 429 with the time to try again once its window is full', async () => {
    const bearer = await accessToken(client.id, client.secret);
    // The window this minute and the next already hold the limit (as 120 earlier requests would have left them).
    const now = Math.floor(Date.now() / 1000);
    for (const start of [now - (now % 60), now - (now % 60) + 60]) {
      await documentClient(twin).send(
        new PutCommand({
          TableName: twin.env.TABLE_DIRECTORY,
          Item: { pk: `RATE#api-client:${client.id}`, sk: String(start), count: API_CLIENT_REQUESTS_PER_MINUTE },
        }),
      );
    }
    expect(await upload(bearer, fiA.payeeKey!)).toMatchObject({ status: 429, body: { error: 'rate_limited', message: expect.stringContaining('Wait until') } });
    // A person of the same organisation is not counted with it.
    expectStatus(await upload(fiA.token, fiA.payeeKey!), 200);
  });

  it('stops when the client is rotated, and its successor’s token works until it is deleted', async () => {
    const before = await accessToken(client.id, client.secret);
    const rotated = okBody(await call(twin, rotateApiClient, { params: { client_id: client.id }, caller: fiA.token }));
    expect(rotated.client_id).not.toBe(client.id);
    expect(await upload(before, fiA.payeeKey!)).toEqual({ status: 401, body: { error: 'unauthorized', message: M.unknownClient } });
    expect((await token(client.id, client.secret)).body.error).toBe('invalid_client');
    const after = await accessToken(rotated.client_id, rotated.client_secret);
    expectStatus(await upload(after, fiA.payeeKey!), 200);

    expect(await call(twin, deleteApiClient, { params: { client_id: rotated.client_id }, caller: fiB.token })).toMatchObject({
      status: 404,
      body: { error: 'api_client_not_found' },
    });
    expectStatus(await call(twin, deleteApiClient, { params: { client_id: rotated.client_id }, caller: fiA.token }), 200);
    expect(await upload(after, fiA.payeeKey!)).toMatchObject({ status: 401 });
    expect(okBody(await call(twin, listApiClients, { caller: fiA.token })).clients.map((c) => c.name)).toEqual(['core-banking']);
  });
});

describe('an employee’s "Who looked"', () => {
  it('names the API client that looked their record up, and its organisation', async () => {
    Object.assign(process.env, twin.env);
    const { addToCurrentRegister, registerEntry } = await import('../support/register.js');
    const { signInEmployee } = await import('../support/employee.js');
    const entry = registerEntry();
    await addToCurrentRegister([entry]);
    const employee = (await signInEmployee(twin, { nrc: entry.nrc, employeeNumber: entry.employee_number })).idToken;
    const lender = await seedOrganisation(twin, uniquePayeeKey(), 'Lender Who Looked');
    const bearer = await apiClientToken(twin, lender);
    expectStatus(await call(twin, getHistory, { query: { nrc: entry.nrc }, caller: bearer }), 200);
    const seen = okBody(await call(twin, listMyLookups, { caller: employee })).items.map((i) => i.organisation);
    expect(seen).toEqual([expect.stringMatching(/^API client client-\w+ of Lender Who Looked$/)]);
  });
});
