import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiContext, ApiEvent } from '#http/api-event.js';
import { ConflictError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { PUBLIC } from '#shared/access.js';
import { featureRoutes } from '#shared/routes/define.js';

/**
 * What a handler may answer is its route's response schema, held by the compiler: each
 * `@ts-expect-error` below is a wrong answer that `tsc -b` (which checks this file) must refuse, and the
 * type check fails the day one of them compiles. At run time the chain writes what it is given.
 */
const probe = featureRoutes('system')({
  id: 'probe',
  method: 'GET',
  path: '/api/probe/{id}',
  access: PUBLIC,
  uses: {},
  response: z.object({
    id: z.string(),
    count: z.number().int(),
    note: z.string().nullable().optional(),
    items: z.array(z.object({ name: z.string(), state: z.enum(['open', 'closed']) })),
  }),
  summary: 'A route of this test only.',
});

const itemView = (name: string) => ({ name, state: 'open' as const, internal_key: `ITEM#${name}` });

// Answers the route declares: a body, a body without its optional field, a status with the route's body, an error body.
const answers = createApiHandler(probe, async ({ params }) => ({ id: params.id, count: 2, note: null, items: [{ name: 'a', state: 'closed' }] }));
const created = createApiHandler(probe, async ({ params }) => ({ statusCode: 201, body: { id: params.id, count: 0, items: [] } }));
const unavailable = createApiHandler(probe, async () => ({ statusCode: 503, body: { error: 'unavailable', message: 'Not answering yet: dynamodb.' } }));
const refuses = createApiHandler(probe, async () => {
  throw new ConflictError('Already decided.', 'already_decided', { status: 'approved' });
});

const refused = [
  // @ts-expect-error a field the response schema does not declare
  createApiHandler(probe, async ({ params }) => ({ id: params.id, count: 1, items: [], secret: 'x' })),
  // @ts-expect-error a field the schema does not declare, one level down
  createApiHandler(probe, async () => ({ id: 'a', count: 1, items: [{ name: 'a', state: 'open', owner: 'b' }] })),
  // @ts-expect-error a field the schema does not declare, from a helper rather than a literal
  createApiHandler(probe, async () => ({ id: 'a', count: 1, items: [itemView('a')] })),
  // @ts-expect-error a required field missing
  createApiHandler(probe, async () => ({ id: 'a', items: [] })),
  // @ts-expect-error a field of the wrong type
  createApiHandler(probe, async () => ({ id: 'a', count: '1', items: [] })),
  // @ts-expect-error a value outside the schema's enum
  createApiHandler(probe, async () => ({ id: 'a', count: 1, items: [{ name: 'a', state: 'lost' }] })),
  // @ts-expect-error a status whose body is neither the route's nor an error's
  createApiHandler(probe, async () => ({ statusCode: 201, body: { id: 'a', count: 1, items: [], extra: true } })),
  // @ts-expect-error an answer typed `any` says nothing the compiler can hold to the route
  createApiHandler(probe, async () => JSON.parse('{}')),
];

/** An anonymous GET of /api/probe/{id}, as API Gateway hands it to the function. */
function probeEvent(id: string): ApiEvent {
  const path = `/api/probe/${id}`;
  return {
    version: '2.0',
    routeKey: 'GET /api/probe/{id}',
    rawPath: path,
    rawQueryString: '',
    headers: {},
    pathParameters: { id },
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'test',
      http: { method: 'GET', path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: 'request-1',
      routeKey: 'GET /api/probe/{id}',
      stage: '$default',
      time: new Date(0).toUTCString(),
      timeEpoch: 0,
      authorizer: { lambda: {} },
    },
  };
}

const call = async (handler: (typeof refused)[number], id = 'p1') => {
  const result = await handler(probeEvent(id), {} as ApiContext);
  return { status: result.statusCode, body: JSON.parse(result.body ?? '') as unknown };
};

describe('createApiHandler', () => {
  it('answers a body as 200 JSON', async () => {
    expect(await call(answers)).toEqual({ status: 200, body: { id: 'p1', count: 2, note: null, items: [{ name: 'a', state: 'closed' }] } });
  });

  it('answers a status result with its own status and body', async () => {
    expect(await call(created)).toEqual({ status: 201, body: { id: 'p1', count: 0, items: [] } });
    expect(await call(unavailable)).toEqual({ status: 503, body: { error: 'unavailable', message: 'Not answering yet: dynamodb.' } });
  });

  it('answers a refusal as its error body, with the state it ran into', async () => {
    expect(await call(refuses)).toEqual({ status: 409, body: { error: 'already_decided', message: 'Already decided.', details: { status: 'approved' } } });
  });

  it('checks no answer at run time: the compiler is the check, so a refused answer goes out as written', async () => {
    expect(await call(refused[0]!)).toEqual({ status: 200, body: { id: 'p1', count: 1, items: [], secret: 'x' } });
  });
});
