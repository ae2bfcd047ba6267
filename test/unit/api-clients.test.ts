import { describe, expect, it } from 'vitest';
import { clientIdFromEvent } from '#http/client-caller.js';
import { API_CLIENT_SCOPE, apiClientNameSchema, clientRoles } from '#shared/api/api-clients.js';

describe('the roles an API client may act with', () => {
  it.each([
    ['fi', ['compliance', 'data_user']],
    ['pmec', ['compliance', 'data_user']],
  ] as const)('%s: the kind’s roles but its admin', (kind, roles) => {
    expect(clientRoles(kind)).toEqual(roles);
  });
});

describe('an API client’s name', () => {
  it.each([
    ['core-banking', true],
    ['Loans 2.0_batch', true],
    ['  trimmed  ', true],
    ['x', false],
    ['-leading-dash', false],
    ['a'.repeat(41), false],
    ['semi;colon', false],
  ])('%j is accepted: %s', (name, ok) => {
    expect(apiClientNameSchema.safeParse(name).success).toBe(ok);
  });
});

describe('the client of a token', () => {
  const exp = String(Math.floor(Date.now() / 1000) + 3600);
  const event = (claims: Record<string, string> | undefined) =>
    ({ requestContext: { authorizer: claims ? { lambda: { ...claims, exp } } : undefined } }) as never;
  it.each([
    ['a client-credentials access token with the scope', { token_use: 'access', client_id: 'c1', scope: API_CLIENT_SCOPE }, 'c1'],
    ['among other scopes', { token_use: 'access', client_id: 'c1', scope: `other/x ${API_CLIENT_SCOPE}` }, 'c1'],
    ['a person’s access token (it names a user)', { token_use: 'access', client_id: 'web', username: 'u', scope: API_CLIENT_SCOPE }, null],
    ['an access token without the scope', { token_use: 'access', client_id: 'c1', scope: 'aws.cognito.signin.user.admin' }, null],
    ['an ID token', { token_use: 'id', aud: 'web', sub: 'u', email: 'a@b.zm' }, null],
  ] as const)('%s', (_label, claims, expected) => {
    expect(clientIdFromEvent(event(claims))).toBe(expected);
  });
  it('is none without claims', () => expect(clientIdFromEvent(event(undefined))).toBeNull());
});
