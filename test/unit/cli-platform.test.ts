import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.js';

/**
 * The answers the twin never gives, from a stand-in platform on a local port: the API gateway's own refusal
 * (AWS's shape, no error code), a fault, an address that is not the platform. The twin's answers are
 * test/integration/cli.test.ts's.
 */
let server: Server;
let url = '';
/** What GET /api/history answers, per test. */
let history: { status: number; body: string } = { status: 200, body: '{}' };

beforeAll(async () => {
  server = createServer((req, res) => {
    const origin = `http://${req.headers.host}`;
    const send = (status: number, body: string) => res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    if (req.url === '/config.json') {
      return send(
        200,
        JSON.stringify({
          region: 'r',
          userPoolId: 'p',
          userPoolClientId: 'c',
          employeePoolId: 'e',
          employeePoolClientId: 'f',
          apiUrl: '/api',
          tokenUrl: `${origin}/token`,
        }),
      );
    }
    if (req.url === '/token') return send(200, JSON.stringify({ access_token: 'a.b.c', expires_in: 3600, token_type: 'Bearer' }));
    if (req.url?.startsWith('/api/history')) return send(history.status, history.body);
    if (req.url === '/elsewhere/config.json') return send(200, '<html>a web site</html>');
    return send(404, '{"message":"Not Found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

async function historyOf(env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    ['history', '123456/78/1', '--json'],
    { out: (line) => out.push(line), err: (line) => err.push(line) },
    { PAYROLL_CLIENT_ID: 'id', PAYROLL_CLIENT_SECRET: 'secret', ...env },
  );
  return { code, document: JSON.parse(out.join('\n')) as Record<string, unknown>, stderr: err.join('\n') };
}

describe('cli against answers the twin does not give', () => {
  it.each([
    [{ status: 403, body: '{"message":"Forbidden"}' }, 'token_refused', /gateway refused the client's access token \(403 Forbidden\)/],
    [{ status: 502, body: 'Bad Gateway' }, 'platform_fault', /answered 502: a fault on its side/],
    [{ status: 200, body: '{"nrc":"123456/78/1"}' }, 'invalid_response', /not what its contract says/],
  ])('says what happened, with exit 3: %j', async (answer, error, message) => {
    history = answer;
    const { code, document, stderr } = await historyOf({ PAYROLL_URL: url });
    expect(code).toBe(3);
    expect(document).toMatchObject({ outcome: 'error', error });
    expect(stderr).toMatch(message);
  });

  it('says when PAYROLL_URL is not the platform', async () => {
    const { code, document } = await historyOf({ PAYROLL_URL: `${url}/elsewhere` });
    expect(code).toBe(3);
    expect(document).toMatchObject({
      error: 'not_the_platform',
      message: `${url}/elsewhere/config.json does not describe the platform's API and token endpoint: check PAYROLL_URL.`,
    });
  });
});
