import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { API_CLIENT_MESSAGES, API_CLIENT_SCOPE } from '#shared/api/api-clients.js';
import { getMe } from '#shared/routes/accounts.js';
import { getEmployeeMe } from '#shared/routes/employee.js';
import { listSubmissions } from '#shared/routes/reviews.js';
import { seedOrganisation, uniquePayeeKey } from '../fixtures/submissions/directory.js';
import { apiClientToken } from '../support/api-clients.js';
import { call, expectStatus } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

/**
 * The twin's gateway runs the stack's Lambda authorizer (lambdas/auth/api-authorizer.ts): what it lets
 * through, AWS lets through, and no more. Tokens here are signed with the key the twin's pool signs
 * with, so only the claims decide.
 */
const twin = inject('twin');
const require = createRequire(import.meta.url);
const { jwk } = JSON.parse(readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8')) as { jwk: JWK & { kid: string } };
const issuer = () => `${twin.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER}/${twin.env.USER_POOL_ID}`;
const now = () => Math.floor(Date.now() / 1000);

/** A token of the staff pool with these claims; `exp` null leaves it without an expiry. */
async function poolToken(
  claims: Record<string, unknown>,
  options: { iss?: string; exp?: number | null; key?: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'] } = {},
) {
  const jwt = new SignJWT({ auth_time: now(), jti: randomUUID(), ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setIssuer(options.iss ?? issuer())
    .setIssuedAt();
  if (options.exp !== null) jwt.setExpirationTime(options.exp ?? now() + 600);
  return jwt.sign(options.key ?? (await importJWK(jwk, 'RS256')));
}

const clientClaims = (scope = API_CLIENT_SCOPE) => ({ sub: 'c-unknown', client_id: 'c-unknown', token_use: 'access', scope, version: 2 });
let person = { sub: '', email: '' };

beforeAll(async () => {
  const user = await createUser(twin, []);
  const { idToken } = await signIn(twin, user.email, user.password);
  person = { sub: JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()).sub, email: user.email };
});

describe('the staff routes’ authorizer', () => {
  const idClaims = () => ({ sub: person.sub, email: person.email, token_use: 'id', aud: twin.env.USER_POOL_CLIENT_ID, 'cognito:username': person.sub });

  it('lets through an ID token of the web app, as the JWT authorizer did', async () => {
    expectStatus(await call(twin, getMe, { caller: await poolToken(idClaims()) }), 200);
  });

  it('lets through a client-credentials access token with the API’s scope: the directory then decides', async () => {
    // No such client in the directory: past the authorizer, the route answers for it.
    expect(await call(twin, listSubmissions, { caller: await poolToken(clientClaims()) })).toEqual({
      status: 401,
      body: { error: 'unauthorized', message: API_CLIENT_MESSAGES.unknownClient },
    });
  });

  it.each([
    ['an ID token of another app client', async () => poolToken({ ...idClaims(), aud: 'another-client' })],
    ['an expired ID token', async () => poolToken(idClaims(), { exp: now() - 60 })],
    ['an ID token without an expiry', async () => poolToken(idClaims(), { exp: null })],
    [
      'an ID token of another pool',
      async () => poolToken(idClaims(), { iss: `${twin.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER}/${twin.env.EMPLOYEE_POOL_ID}` }),
    ],
    ['an ID token signed by another key', async () => poolToken(idClaims(), { key: (await generateKeyPair('RS256')).privateKey })],
    [
      'a person’s access token of the web app (it names a user)',
      async () => poolToken({ ...clientClaims(), client_id: twin.env.USER_POOL_CLIENT_ID, username: person.sub }),
    ],
    ['a client’s access token without the API’s scope', async () => poolToken(clientClaims('aws.cognito.signin.user.admin'))],
    ['an expired client access token', async () => poolToken(clientClaims(), { exp: now() - 60 })],
  ])('refuses %s with API Gateway’s 403', async (_label, token) => {
    expect(await call(twin, listSubmissions, { caller: await token() })).toEqual({ status: 403, body: { message: 'Forbidden' } });
  });
});

describe('the employee routes’ authorizer', () => {
  it('refuses an API client’s token, which only the staff routes take', async () => {
    const bearer = await apiClientToken(twin, await seedOrganisation(twin, uniquePayeeKey()));
    expect(await call(twin, getEmployeeMe, { caller: bearer })).toEqual({ status: 403, body: { message: 'Forbidden' } });
  });
});
