import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { APPROVED } from '#shared/access.js';
import { featureRoutes } from '#shared/routes/define.js';
import { call, expectStatus, okBody, type ApiErrorBody } from '../support/api.js';

/**
 * The integration tests' route client (test/support/api.ts) against a small server of this file's own:
 * what it sends for a route, and that a 2xx answer outside the route's response schema fails the test.
 */
const route = featureRoutes('system')({
  id: 'get-thing',
  method: 'POST',
  path: '/api/things/{id}',
  access: APPROVED,
  uses: {},
  query: z.object({ view: z.string().optional() }),
  request: z.object({ name: z.string() }),
  response: z.object({ id: z.string(), name: z.string() }),
  summary: 'A route of this test only.',
});

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
let received: Received;
/** What the server answers next: status and body. */
let answer: { status: number; body: unknown };
let server: Server;
const twin = { url: '', env: {} };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received = { method: String(req.method), url: String(req.url), headers: req.headers, body };
      res.writeHead(answer.status, { 'content-type': 'application/json', 'x-answered-by': 'test' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  twin.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('call', () => {
  it('sends the route with its path parameters encoded, its query, its JSON body and the caller as bearer', async () => {
    answer = { status: 200, body: { id: 'a/b', name: 'x' } };
    const res = await call(twin, route, { params: { id: 'a/b' }, query: { view: 'full name' }, body: { name: 'x' }, caller: 'token-1' });
    expect(received).toMatchObject({ method: 'POST', url: '/api/things/a%2Fb?view=full+name', body: '{"name":"x"}' });
    expect(received.headers).toMatchObject({ authorization: 'Bearer token-1', 'content-type': 'application/json', 'content-length': '12' });
    // Headers and the raw text ride along without changing what an answer equals.
    expect(res).toEqual({ status: 200, body: { id: 'a/b', name: 'x' } });
    expect(res.headers.get('x-answered-by')).toBe('test');
    expect(res.text).toBe('{"id":"a/b","name":"x"}');
  });

  it('fails on a 2xx answer outside the route’s response schema, naming the route and the field', async () => {
    answer = { status: 200, body: { id: 7 } };
    const refused = call(twin, route, { params: { id: 'x' }, body: { name: 'x' } });
    await expect(refused).rejects.toThrow(/get-thing \(POST \/api\/things\/x\) answered 200 outside its response schema/);
    await expect(call(twin, route, { params: { id: 'x' }, body: { name: 'x' } })).rejects.toThrow(/id[\s\S]*name/);
  });

  it('hands a refusal back as it came, without the response schema', async () => {
    answer = { status: 409, body: { error: 'conflict', message: 'Taken.' } };
    const res = await call(twin, route, { params: { id: 'x' }, body: { name: 'x' } });
    expect(res).toEqual({ status: 409, body: { error: 'conflict', message: 'Taken.' } });
    expect(received.headers.authorization).toBeUndefined();
    expect(() => okBody(res)).toThrow('Expected a 2xx answer, got 409');
  });

  it('types the body by the status expected', async () => {
    answer = { status: 200, body: { id: 'x', name: 'y' } };
    const ok = await call(twin, route, { params: { id: 'x' }, body: { name: 'y' } });
    expectStatus(ok, 200);
    expectTypeOf(ok.body).toEqualTypeOf<{ id: string; name: string }>();
    answer = { status: 400, body: { error: 'bad', message: 'No.' } };
    const refused = await call(twin, route, { params: { id: 'x' }, body: { name: 'y' } });
    expectStatus(refused, 400);
    expectTypeOf(refused.body).toEqualTypeOf<ApiErrorBody>();
    // @ts-expect-error a route's path parameters are required, by name
    await expect(call(twin, route, { params: { ident: 'x' }, body: { name: 'y' } })).rejects.toThrow("Missing path parameter 'id'");
  });
});
