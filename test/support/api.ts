import { request } from 'node:http';
import { expect } from 'vitest';
import { z, type ZodType } from 'zod';
import type { HttpMethod, PathParamNames, RouteDef } from '#shared/routes/define.js';
import type { TestTwinInfo } from './cognito.js';

/**
 * The API as the tests call it: a route object of shared/routes/<feature>.ts, its path parameters,
 * query and body typed from the route's schemas, as `callRoute` types them in the web. Every 2xx
 * answer is checked against the route's response schema here, so each integration test also checks
 * the handler's answer against the contract (production never pays for that check).
 */
type ClientRoute = Pick<RouteDef, 'id' | 'method' | 'path' | 'query' | 'request' | 'response'>;

/** Every refusal: a machine code and a sentence; a 409 may carry the state it ran into. */
export interface ApiErrorBody {
  error: string;
  message: string;
  details?: Record<string, any>;
}

/** What a route answers on 2xx, as the wire carries it (the schema's input: defaults not applied). */
export type RouteBody<R extends ClientRoute> = R extends { response: infer S extends ZodType } ? z.input<S> : unknown;

/**
 * An answer: its status and its body, which is the route's response on 2xx and a refusal otherwise
 * (`expectStatus` tells the compiler which). `headers` and `text` (the body as it came) are not
 * enumerable, so an answer still compares equal to `{ status, body }`.
 */
export interface Answer<B> {
  status: number;
  body: B | ApiErrorBody;
  readonly headers: Headers;
  readonly text: string;
}

/** What a route takes as its JSON body, as the browser sends it (the schema's input). */
export type RouteRequest<R extends ClientRoute> = R extends { request: infer S extends ZodType } ? z.input<S> : never;

type Caller = string | null | undefined;

const ACTING = ' acting-for ';
/**
 * A caller who acts for one organisation: every request made with it names that organisation in
 * `X-Acting-Org`, as the SPA does for a member of several. Still a string, so it goes wherever a token goes.
 */
export const actingFor = (token: string, orgId: string): string => `${token}${ACTING}${orgId}`;

interface Transport {
  /** The caller's ID token, sent as the bearer; none for an anonymous caller. */
  caller?: Caller;
  /** Extra request headers, as a proxy in front would add them. */
  headers?: Record<string, string>;
  /** The loopback address to call from: the rate limits count per client address. */
  from?: string;
}

type QueryOf<S extends ZodType> = { [K in keyof z.input<S> & keyof z.output<S>]?: z.input<S>[K] | z.output<S>[K] };
type ParamsOption<R extends ClientRoute> = [PathParamNames<R['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<R['path']>, string> };
type QueryOption<R extends ClientRoute> = R extends { query: infer S extends ZodType } ? { query?: QueryOf<S> } : { query?: undefined };
type BodyOption<R extends ClientRoute> = [RouteRequest<R>] extends [never]
  ? { body?: undefined }
  : object extends RouteRequest<R>
    ? { body?: RouteRequest<R> }
    : { body: RouteRequest<R> };

export type CallOptions<R extends ClientRoute> = ParamsOption<R> & QueryOption<R> & BodyOption<R> & Transport;
type CallArgs<R extends ClientRoute> = object extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

/** A body the route's request schema refuses, sent on purpose to see the server refuse it. */
export const offContract = (body: unknown): never => body as never;

/** Calls a route of the twin and checks a 2xx answer against the route's response schema. */
export async function call<R extends ClientRoute>(twin: TestTwinInfo, route: R, ...args: CallArgs<R>): Promise<Answer<RouteBody<R>>> {
  const options = (args[0] ?? {}) as { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown } & Transport;
  const path = routePath(route as ClientRoute, options.params);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined && value !== null) search.set(key, String(value));
  const target = search.size ? `${path}?${search}` : path;
  const answer = await send(twin, { ...options, method: route.method, path: target });
  if (answer.status >= 200 && answer.status < 300 && route.response) {
    const checked = route.response.safeParse(answer.body);
    if (!checked.success) {
      throw new Error(
        `${route.id} (${route.method} ${target}) answered ${answer.status} outside its response schema:\n${z.prettifyError(checked.error)}\nbody: ${JSON.stringify(answer.body)}`,
      );
    }
  }
  return answer as Answer<RouteBody<R>>;
}

/** A route's path with its parameters filled in and encoded, as the browser sends it. */
export function routePath<R extends Pick<RouteDef, 'id' | 'path'>>(route: R, params?: Record<PathParamNames<R['path']>, string>): string {
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = (params as Record<string, string> | undefined)?.[name];
    if (value === undefined) throw new Error(`Missing path parameter '${name}' for route ${route.id}.`);
    return encodeURIComponent(value);
  });
}

/** A route as test titles name it: 'GET /api/history'. */
export const named = (route: Pick<RouteDef, 'method' | 'path'>) => `${route.method} ${route.path}`;

/**
 * Sends any request to the twin: for what the contract forbids (paths no route has, wrong methods,
 * malformed JSON as `rawBody`, sent as it is with only the headers given). Everything else goes
 * through `call`.
 */
export function send(
  twin: TestTwinInfo,
  init: { method: HttpMethod | 'HEAD' | 'OPTIONS'; path: string; body?: unknown; rawBody?: string } & Transport,
): Promise<Answer<unknown>> {
  const json = init.body === undefined ? undefined : JSON.stringify(init.body);
  const payload = init.rawBody ?? json;
  const headers: Record<string, string> = { ...init.headers };
  if (init.caller) {
    const [token, acting] = init.caller.split(ACTING);
    headers.authorization = `Bearer ${token}`;
    if (acting) headers['x-acting-org'] = acting;
  }
  if (json !== undefined && init.rawBody === undefined) headers['content-type'] ??= 'application/json';
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  const url = new URL(init.path, twin.url);
  return new Promise((resolve, reject) => {
    // A connection per request, never kept alive: a socket the twin has closed is never reused under a test.
    const req = request(
      { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: init.method, headers, localAddress: init.from, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          const answer = { status: res.statusCode ?? 0, body: parse(text) };
          const received = new Headers();
          for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) received.set(name, Array.isArray(value) ? value.join(', ') : value);
          resolve(Object.defineProperties(answer, { headers: { value: received }, text: { value: text } }) as Answer<unknown>);
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** JSON answers as JSON, an empty answer as null, anything else as its text. */
function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

type SuccessStatus = 200 | 201 | 202 | 204;
type RefusalStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

/** An answer whose body is known to be one of its two kinds. */
type Known<B, Body> = Omit<Answer<B>, 'body'> & { body: Body };

/** Asserts the answer's status (its body in the message when it differs), and types the body by it. */
export function expectStatus<B>(answer: Answer<B>, status: SuccessStatus): asserts answer is Known<B, B>;
export function expectStatus<B>(answer: Answer<B>, status: RefusalStatus): asserts answer is Known<B, ApiErrorBody>;
export function expectStatus<B>(answer: Answer<B>, status: number): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
}

/** The body of a 2xx answer, for tests that read through a route to reach what they test; otherwise it throws. */
export function okBody<B>(answer: Answer<B>): B {
  if (answer.status < 200 || answer.status >= 300) throw new Error(`Expected a 2xx answer, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as B;
}

/**
 * The calls a test counts against a fixed-window limit (lambdas/data/rate-limits/windows.ts) all fall in one
 * window: when the window holding now ends within `needMs`, this waits for the next one to start.
 */
export async function withinOneWindow(windowSeconds: number, needMs: number): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
