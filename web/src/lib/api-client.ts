import { fetchAuthSession } from 'aws-amplify/auth';
import type { ZodType, z } from 'zod';
import { apiErrorSchema } from '@shared/api/errors';
import type { HttpMethod, PathParamNames, RouteDef } from '@shared/routes/define';
import { loadAmplify } from './amplify';
import { actingOrgForToken } from './acting-organisation';
import { ApiError } from './api-error';
import { getRuntimeConfig } from './config';
import { employeeIdToken } from './employee-session';

export { ApiError, isApiError } from './api-error';

/** Default call timeout of spec part 1 §9. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<T = unknown> {
  method?: HttpMethod;
  query?: QueryParams;
  /** Sent as JSON, or as is when it is FormData. */
  body?: unknown;
  /** Validates the response body; a mismatch throws 'Invalid response format: ...'. */
  schema?: ZodType<T>;
  /** Send the Cognito ID token (default true). */
  auth?: boolean;
  /** Whose token: the staff session's (Amplify, the default) or the employee's (./employee-session). */
  as?: 'staff' | 'employee';
  signal?: AbortSignal;
  timeoutMs?: number;
}

const NO_SESSION = () => new ApiError(401, 'no_session', 'No active session. Please sign in.');
/** Spec part 1 §8: the token was refused and refreshing the session gave none. */
const NO_TOKEN = () => new ApiError(401, 'no_token', 'Missing access token. Please sign in again.');

/**
 * The URL of an API path. `apiUrl` in config.json is where the route table's `/api` prefix is
 * served (e.g. '/api' behind CloudFront or the twin), so that prefix is replaced by it.
 */
export function apiUrlFor(path: string, query?: QueryParams): string {
  const base = getRuntimeConfig().apiUrl.replace(/\/+$/, '');
  const rest = path === '/api' ? '' : path.startsWith('/api/') ? path.slice('/api'.length) : path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${base}${rest}${qs ? `?${qs}` : ''}`;
}

/** The Cognito ID token of the staff session: the server reads who the caller is from it. */
async function staffIdToken(forceRefresh: boolean): Promise<string | null> {
  await loadAmplify();
  const { tokens } = await fetchAuthSession({ forceRefresh });
  return tokens?.idToken?.toString() ?? null;
}

interface RawResponse {
  status: number;
  statusText: string;
  data: unknown;
}

async function send(url: string, init: RequestInit, timeoutMs: number, outer?: AbortSignal): Promise<RawResponse> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const text = await response.text();
    let data: unknown = undefined;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    return { status: response.status, statusText: response.statusText, data };
  } catch (error) {
    if (timedOut) throw new ApiError(0, 'timeout', `Request timed out after ${timeoutMs}ms.`);
    if (outer?.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ApiError(0, 'network_error', `Network error: ${reason}`);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forwardAbort);
  }
}

/** Error bodies are `{ error, message }`; otherwise their error or message field, else the status text. */
function toApiError({ status, statusText, data }: RawResponse): ApiError {
  const body = apiErrorSchema.safeParse(data);
  if (body.success) return new ApiError(status, body.data.error, body.data.message);
  if (data && typeof data === 'object') {
    const { error, message } = data as { error?: unknown; message?: unknown };
    const text = typeof message === 'string' ? message : typeof error === 'string' ? error : undefined;
    if (text) return new ApiError(status, typeof error === 'string' ? error : `http_${status}`, text);
  }
  return new ApiError(status, `http_${status}`, statusText || `Request failed with status ${status}.`);
}

/**
 * Methods a server may see twice with the effect of once (RFC 9110 §9.2.2). A POST is never repeated:
 * a refused or lost one may already have been audited or have acted.
 */
const IDEMPOTENT: ReadonlySet<HttpMethod> = new Set<HttpMethod>(['GET', 'PUT', 'DELETE']);

/**
 * Calls the API with the ID token. Only a 401 (the token was refused) can change with a fresh token:
 * then the session is refreshed once and an idempotent request is sent once more. A 403 is the
 * server's answer for this user and is never retried.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', query, body, schema, auth = true, as = 'staff', signal, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const idToken = as === 'employee' ? employeeIdToken : staffIdToken;
  const url = apiUrlFor(path, query);
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;

  const attempt = (token: string | null) => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    // The organisation a member of several chose to act for (the header's switcher).
    const acting = token && as === 'staff' ? actingOrgForToken(token) : null;
    if (acting) headers['X-Acting-Org'] = acting;
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    const payload = body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body);
    return send(url, { method, headers, body: payload }, timeoutMs, signal);
  };

  let token: string | null = null;
  if (auth) {
    token = await idToken(false).catch(() => null);
    if (!token) throw NO_SESSION();
  }
  let response = await attempt(token);
  if (auth && response.status === 401) {
    const fresh = await idToken(true).catch(() => null);
    if (!fresh) throw NO_TOKEN();
    if (IDEMPOTENT.has(method)) response = await attempt(fresh);
  }
  if (response.status < 200 || response.status >= 300) throw toApiError(response);
  if (!schema) return response.data as T;
  const parsed = schema.safeParse(response.data);
  if (!parsed.success) {
    const where = parsed.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ');
    throw new ApiError(response.status, 'invalid_response', `Invalid response format: ${where}.`);
  }
  return parsed.data;
}

/**
 * What the client reads of a route of shared/routes/<feature>.ts. A screen imports only the routes
 * it calls, so it loads only their schemas, never the whole table.
 */
export type ClientRoute = Pick<RouteDef, 'id' | 'method' | 'path' | 'access' | 'query' | 'request' | 'response'>;

export type RouteResponse<R extends ClientRoute> = R extends { response: infer S extends ZodType } ? z.output<S> : unknown;
export type RouteRequest<R extends ClientRoute> = R extends { request: infer S extends ZodType } ? z.input<S> : never;

type QueryOf<S extends ZodType> = { [K in keyof z.output<S> & keyof z.input<S>]?: z.output<S>[K] | z.input<S>[K] };
type RouteQuery<R extends ClientRoute> = R extends { query: infer S extends ZodType } ? QueryOf<S> : never;

export type ParamsOption<R extends ClientRoute> = [PathParamNames<R['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<R['path']>, string> };
/** What the route's query schema reads, raw or parsed (sent as strings; the server parses them with that schema). */
type QueryOption<R extends ClientRoute> = [RouteQuery<R>] extends [never] ? { query?: undefined } : { query?: RouteQuery<R> };
type BodyOption<R extends ClientRoute> = [RouteRequest<R>] extends [never] ? { body?: undefined } : { body: RouteRequest<R> };

export type CallRouteOptions<R extends ClientRoute> = ParamsOption<R> &
  QueryOption<R> &
  BodyOption<R> & { signal?: AbortSignal; timeoutMs?: number };

export type CallRouteArgs<R extends ClientRoute> = object extends CallRouteOptions<R> ? [options?: CallRouteOptions<R>] : [options: CallRouteOptions<R>];

/**
 * Calls a route, given as the object shared/routes/<feature>.ts exports (`callRoute(getHistory, …)`):
 * fills its path parameters, validates the request body with its request schema and the response
 * with its response schema.
 */
export async function callRoute<R extends ClientRoute>(route: R, ...args: CallRouteArgs<R>): Promise<RouteResponse<R>> {
  const options = (args[0] ?? {}) as { params?: Record<string, string>; body?: unknown; query?: QueryParams; signal?: AbortSignal; timeoutMs?: number };
  const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = options.params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter '${name}' for route ${route.id}.`);
    return encodeURIComponent(value);
  });
  let body = options.body;
  if (route.request && body !== undefined) {
    const parsed = route.request.safeParse(body);
    if (!parsed.success) throw new ApiError(400, 'invalid_request', parsed.error.issues[0]?.message ?? 'Invalid request.');
    body = parsed.data;
  }
  return apiRequest<RouteResponse<R>>(path, {
    method: route.method,
    query: options.query,
    body,
    schema: route.response as ZodType<RouteResponse<R>> | undefined,
    auth: route.access.kind !== 'public',
    as: route.access.kind === 'employee' ? 'employee' : 'staff',
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
}
