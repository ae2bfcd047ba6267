import { fetchAuthSession } from 'aws-amplify/auth';
import type { ZodType, z } from 'zod';
import type { PathParamNames, RouteDef } from '@shared/routes/define';
import { actingOrgForToken } from './acting-organisation';
import { loadAmplify } from './amplify';
import { ApiError } from './api-error';
import { type PlainOptions, type StaffAuth, plainRequest } from './api-transport';

export { ApiError, isApiError } from './api-error';

export interface RequestOptions<T = unknown> extends PlainOptions {
  /** Validates the response body; a mismatch throws 'Invalid response format: ...'. */
  schema?: ZodType<T>;
}

/** The Cognito ID token of the staff session (the server reads who the caller is from it) and the organisation acted for. */
const STAFF: StaffAuth = {
  async idToken(forceRefresh) {
    await loadAmplify();
    const { tokens } = await fetchAuthSession({ forceRefresh });
    return tokens?.idToken?.toString() ?? null;
  },
  actingOrg: actingOrgForToken,
};

/** Calls the API with the staff session's token (or the employee's, `as: 'employee'`) and checks the answer with `schema`. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { schema, ...rest } = options;
  const response = await plainRequest(path, rest, STAFF);
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

export type CallRouteOptions<R extends ClientRoute> = ParamsOption<R> & QueryOption<R> & BodyOption<R> & { signal?: AbortSignal; timeoutMs?: number };

export type CallRouteArgs<R extends ClientRoute> = object extends CallRouteOptions<R> ? [options?: CallRouteOptions<R>] : [options: CallRouteOptions<R>];

/**
 * Calls a route, given as the object shared/routes/<feature>.ts exports (`callRoute(getHistory, …)`):
 * fills its path parameters, validates the request body with its request schema and the response
 * with its response schema.
 */
export async function callRoute<R extends ClientRoute>(route: R, ...args: CallRouteArgs<R>): Promise<RouteResponse<R>> {
  const options = (args[0] ?? {}) as {
    params?: Record<string, string>;
    body?: unknown;
    query?: Record<string, string | number | boolean | null | undefined>;
    signal?: AbortSignal;
    timeoutMs?: number;
  };
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
