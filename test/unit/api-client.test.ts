import { beforeEach, describe, expect, it, vi } from 'vitest';

// The browser's two edges, replaced: Amplify's session (which token, refreshed or not) and fetch.
const session = vi.hoisted(() => ({ refreshes: 0, refreshGivesNone: false }));
vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async ({ forceRefresh }: { forceRefresh?: boolean } = {}) => {
    if (forceRefresh) session.refreshes += 1;
    if (forceRefresh && session.refreshGivesNone) return { tokens: undefined };
    return { tokens: { idToken: { toString: () => (forceRefresh ? 'fresh-token' : 'old-token') } } };
  },
}));
vi.mock('@/lib/config', () => ({ getRuntimeConfig: () => ({ apiUrl: '/api' }) }));
vi.mock('@/lib/amplify', () => ({ loadAmplify: async () => undefined }));

const { apiRequest, ApiError, callRoute } = await import('../../web/src/lib/api-client.js');
const { withdrawFraudReport } = await import('#shared/routes/fraud.js');
const { getHealth } = await import('#shared/routes/system.js');

type Sent = { method: string; token: string };
let sent: Sent[];

/** fetch answering `first` to the old token (with `refusal`, or a route's refusal) and 200 to a fresh one. */
function serve(first: number, refusal?: unknown) {
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const token = String((init.headers as Record<string, string>).Authorization).replace('Bearer ', '');
    sent.push({ method: String(init.method), token });
    const status = token === 'old-token' ? first : 200;
    return new Response(JSON.stringify(status === 200 ? { ok: true } : (refusal ?? { error: 'refused', message: `status ${status}` })), { status });
  });
}

beforeEach(() => {
  sent = [];
  session.refreshes = 0;
  session.refreshGivesNone = false;
});

describe('the API client sends a request again only where a fresh token can change the answer', () => {
  it.each([
    // method, first status, requests sent, session refreshed, answer
    ['GET', 401, 2, 1, 'ok'],
    ['PUT', 401, 2, 1, 'ok'],
    ['DELETE', 401, 2, 1, 'ok'],
    ['POST', 401, 1, 1, 401],
    ['PATCH', 401, 1, 1, 401],
    ['GET', 403, 1, 0, 403],
    ['POST', 403, 1, 0, 403],
    ['PUT', 403, 1, 0, 403],
    ['POST', 409, 1, 0, 409],
    ['GET', 500, 1, 0, 500],
    ['POST', 200, 1, 0, 'ok'],
  ] as const)('%s answered %i: sent %i time(s), session refreshed %i time(s)', async (method, first, times, refreshes, answer) => {
    serve(first);
    const outcome = await apiRequest('/api/anything', { method, body: method === 'GET' ? undefined : {} }).then(
      () => 'ok' as const,
      (error: unknown) => (error instanceof ApiError ? error.status : 'other'),
    );
    expect(outcome).toBe(answer);
    expect(sent).toHaveLength(times);
    expect(sent.every((s) => s.method === method)).toBe(true);
    expect(session.refreshes).toBe(refreshes);
  });
});

it('says the access token is missing when a refused token cannot be refreshed (spec part 1 §8), and sends nothing more', async () => {
  serve(401);
  session.refreshGivesNone = true;
  await expect(apiRequest('/api/anything')).rejects.toMatchObject({ status: 401, message: 'Missing access token. Please sign in again.' });
  expect(sent).toHaveLength(1);
});

describe("API Gateway's own 403 (the authorizer refused the token: no error code) is a refused token", () => {
  const gateway = { message: 'Forbidden' };
  it('is sent again once with a fresh token', async () => {
    serve(403, gateway);
    await expect(apiRequest('/api/anything')).resolves.toBeDefined();
    expect(sent.map((s) => s.token)).toEqual(['old-token', 'fresh-token']);
    expect(session.refreshes).toBe(1);
  });
  it('asks for a sign-in when the fresh token is refused too', async () => {
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push({ method: String(init.method), token: '' });
      return new Response(JSON.stringify(gateway), { status: 403 });
    });
    await expect(apiRequest('/api/anything')).rejects.toMatchObject({ status: 401, message: 'Missing access token. Please sign in again.' });
    expect(sent).toHaveLength(2);
  });
});

describe("callRoute calls the route object it is given, with that route's schemas", () => {
  const calls: { url: string; method: string; token?: string; body?: unknown }[] = [];
  const answer = (body: unknown, status = 200) =>
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      calls.push({ url, method: String(init.method), token: headers.Authorization, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(body), { status });
    });
  beforeEach(() => void calls.splice(0));

  it('fills and encodes the path parameters, sends the parsed body with the token, and refuses an answer its response schema refuses', async () => {
    const report = { message: 'Withdrawn.', report: {} };
    answer(report);
    await expect(callRoute(withdrawFraudReport, { params: { id: 'a/b' }, body: { reason: '  duplicate ' } })).rejects.toMatchObject({
      code: 'invalid_response',
    });
    expect(calls).toEqual([{ url: '/api/fraud-reports/a%2Fb/withdraw', method: 'POST', token: 'Bearer old-token', body: { reason: 'duplicate' } }]);
  });

  it('refuses a body its request schema refuses, sending nothing', async () => {
    answer({});
    await expect(callRoute(withdrawFraudReport, { params: { id: 'r1' }, body: { reason: ' ' } })).rejects.toMatchObject({
      status: 400,
      code: 'invalid_request',
    });
    expect(calls).toHaveLength(0);
  });

  it('calls a public route without a token and validates the answer with its response schema', async () => {
    answer({ ok: true, checks: { directory: 'ok' } });
    await expect(callRoute(getHealth)).resolves.toEqual({ ok: true, checks: { directory: 'ok' } });
    expect(calls[0]).toMatchObject({ url: '/api/health', method: 'GET', token: undefined });
    answer({ ok: false, checks: {} });
    await expect(callRoute(getHealth)).rejects.toMatchObject({ code: 'invalid_response', message: 'Invalid response format: ok.' });
  });
});
