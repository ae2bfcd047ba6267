import { beforeEach, describe, expect, it, vi } from 'vitest';

// The browser's edges, replaced: Amplify's staff session, the runtime config, both storages and fetch.
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'staff-token' } } }) }));
vi.mock('@/lib/amplify', () => ({ loadAmplify: async () => undefined }));
vi.mock('@/lib/config', () => ({
  getRuntimeConfig: () => ({ apiUrl: '/api', region: 'af-south-1', employeePoolClientId: 'employee-client', userPoolEndpoint: 'http://cognito.test/' }),
}));

const storage = (store: Map<string, string>) => ({
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
});
/** This tab's sessionStorage, and the browser's localStorage every tab of the phone shares. */
const tab = new Map<string, string>();
const browser = new Map<string, string>();
vi.stubGlobal('sessionStorage', storage(tab));
vi.stubGlobal('localStorage', storage(browser));

const { answerEmployeeChallenge, employeeIdToken, hasEmployeeSession, signOutEmployee } = await import('../../web/src/lib/employee-session.js');
const { callRoute } = await import('../../web/src/lib/api-client.js');
const { getEmployeeMe } = await import('#shared/routes/employee.js');
const { getMe } = await import('#shared/routes/accounts.js');

/** A token of the shape Cognito signs, expiring `inSeconds` from now (its signature is never read here). */
const jwt = (name: string, inSeconds: number) => `h.${btoa(JSON.stringify({ name, exp: Math.floor(Date.now() / 1000) + inSeconds })).replace(/=+$/, '')}.s`;

type Call = { target: string; body: Record<string, unknown>; authorization?: string };
let calls: Call[];
let cognitoAnswers: Record<string, { status: number; body: unknown }>;

beforeEach(() => {
  tab.clear();
  browser.clear();
  calls = [];
  cognitoAnswers = {};
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const target = headers['x-amz-target']?.replace('AWSCognitoIdentityProviderService.', '') ?? `${init.method} ${url}`;
    calls.push({ target, body: init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {}, authorization: headers.Authorization });
    const answer = cognitoAnswers[target] ?? { status: 200, body: {} };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});

async function signedIn(idToken: string, sharedPhone = false) {
  cognitoAnswers.RespondToAuthChallenge = { status: 200, body: { AuthenticationResult: { IdToken: idToken, RefreshToken: 'refresh-1' } } };
  expect(await answerEmployeeChallenge('123456789', 'session', '123456', sharedPhone)).toEqual({ signedIn: true });
}

describe('the employee session', () => {
  it.each([
    ['a personal phone: in the browser, so a new tab (the SMS link) is signed in too', false, browser, tab],
    ['a shared phone: in this tab only, gone when it closes', true, tab, browser],
  ])('keeps the session on %s', async (_, sharedPhone, kept, untouched) => {
    const token = jwt('first', 3600);
    await signedIn(token, sharedPhone);
    expect(kept.size).toBe(1);
    expect(untouched.size).toBe(0);
    // Refreshed, it stays where it was kept.
    cognitoAnswers.InitiateAuth = { status: 200, body: { AuthenticationResult: { IdToken: jwt('fresh', 3600) } } };
    await employeeIdToken(true);
    expect([kept.size, untouched.size]).toEqual([1, 0]);
    await signOutEmployee();
    expect([kept.size, untouched.size, hasEmployeeSession()]).toEqual([0, 0, false]);
  });

  it('a sign-in on a shared phone replaces a session the browser kept', async () => {
    await signedIn(jwt('personal', 3600));
    await signedIn(jwt('shared', 3600), true);
    expect([browser.size, tab.size]).toEqual([0, 1]);
  });

  it('answers the custom challenge on the employees’ client and keeps the tokens', async () => {
    const token = jwt('first', 3600);
    await signedIn(token);
    expect(calls[0]).toMatchObject({
      target: 'RespondToAuthChallenge',
      body: { ClientId: 'employee-client', ChallengeName: 'CUSTOM_CHALLENGE', ChallengeResponses: { USERNAME: '123456789', ANSWER: '123456' } },
    });
    expect(hasEmployeeSession()).toBe(true);
    expect(await employeeIdToken()).toBe(token);
  });

  it('refreshes a token about to expire, and ends the session when the refresh is refused', async () => {
    await signedIn(jwt('old', 30));
    const fresh = jwt('new', 3600);
    cognitoAnswers.InitiateAuth = { status: 200, body: { AuthenticationResult: { IdToken: fresh } } };
    expect(await employeeIdToken()).toBe(fresh);
    expect(calls.at(-1)).toMatchObject({ target: 'InitiateAuth', body: { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: 'refresh-1' } } });

    cognitoAnswers.InitiateAuth = { status: 400, body: { __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' } };
    expect(await employeeIdToken(true)).toBeNull();
    expect(hasEmployeeSession()).toBe(false);
  });

  it('signs out by revoking the refresh token and dropping the tokens', async () => {
    await signedIn(jwt('first', 3600));
    await signOutEmployee();
    expect(calls.at(-1)).toMatchObject({ target: 'RevokeToken', body: { Token: 'refresh-1', ClientId: 'employee-client' } });
    expect(hasEmployeeSession()).toBe(false);
  });
});

describe('callRoute', () => {
  it('sends the employee’s token to an employee route, and the staff token to every other', async () => {
    const token = jwt('employee', 3600);
    await signedIn(token);
    cognitoAnswers['GET /api/employee/me'] = {
      status: 200,
      body: { nrc: '123456/78/9', employee_number: 'E1', first_name: 'A', last_name: 'B', mobile_masked: 'x' },
    };
    cognitoAnswers['GET /api/me'] = { status: 401, body: { error: 'unauthorized', message: 'No.' } };
    await callRoute(getEmployeeMe);
    await callRoute(getMe).catch(() => undefined);
    const api = calls.filter((c) => c.target.startsWith('GET '));
    expect(api.map((c) => [c.target, c.authorization])).toEqual([
      ['GET /api/employee/me', `Bearer ${token}`],
      ['GET /api/me', 'Bearer staff-token'],
      ['GET /api/me', 'Bearer staff-token'],
    ]);
  });
});
