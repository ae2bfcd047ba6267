import type { HttpMethod } from '@shared/routes/define';
import { ApiError } from './api-error';
import { getRuntimeConfig } from './config';
import { employeeIdToken } from './employee-session';

/*
 * The API's transport: URL, token, timeout, one retry after a refused token, errors as ApiError. Neither
 * Amplify nor zod: the staff client (./api-client) adds both, and the employee portal's first screen and
 * the public announcements call through this alone (about 60 KB gzipped lighter).
 */

/** Default call timeout of spec part 1 §9. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface PlainOptions {
  method?: HttpMethod;
  query?: QueryParams;
  /** Sent as JSON, or as is when it is FormData. */
  body?: unknown;
  /** Send the Cognito ID token (default true). */
  auth?: boolean;
  /** Whose token: the staff session's (Amplify, the default) or the employee's (./employee-session). */
  as?: 'staff' | 'employee';
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** How the staff client signs a request: the session's token and the organisation its user acts for. */
export interface StaffAuth {
  idToken: (forceRefresh: boolean) => Promise<string | null>;
  actingOrg: (idToken: string) => string | null;
}
/** Without the staff client, no staff token (the portal and the public screens never need one). */
const NO_STAFF: StaffAuth = { idToken: async () => null, actingOrg: () => null };

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

export interface RawResponse {
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

/** API Gateway's own 403 when the route's authorizer refused the token: `{"message":"Forbidden"}`, no error code (every route's refusal names one). */
const authorizerRefused = ({ status, data }: RawResponse) => status === 403 && typeof data === 'object' && data !== null && !('error' in data);
/** The token was refused: a 401, or the authorizer's 403. */
const tokenRefused = (response: RawResponse) => response.status === 401 || authorizerRefused(response);

/**
 * Calls the API with the ID token. Only a refused token can change with a fresh one: then the session
 * is refreshed once and an idempotent request is sent once more. A route's 403 is the server's answer
 * for this user and is never retried.
 */
export async function plainRequest(path: string, options: PlainOptions = {}, staff: StaffAuth = NO_STAFF): Promise<RawResponse> {
  const { method = 'GET', query, body, auth = true, as = 'staff', signal, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const idToken = as === 'employee' ? employeeIdToken : staff.idToken;
  const url = apiUrlFor(path, query);
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;

  const attempt = (token: string | null) => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    // The organisation a member of several chose to act for (the header's switcher).
    const acting = token && as === 'staff' ? staff.actingOrg(token) : null;
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
  if (auth && tokenRefused(response)) {
    const fresh = await idToken(true).catch(() => null);
    if (!fresh) throw NO_TOKEN();
    if (IDEMPOTENT.has(method)) response = await attempt(fresh);
  }
  // Refused again with a fresh token: the person signs in again (the app treats a 401 so).
  if (auth && authorizerRefused(response)) throw NO_TOKEN();
  if (response.status < 200 || response.status >= 300) throw toApiError(response);
  return response;
}

/**
 * An answer read without a schema: `read` checks its shape by hand (the public announcements, the portal's
 * sign-in), so that no zod loads before a screen must parse an answer it cannot otherwise trust.
 */
export async function callPlain<T>(path: string, read: (data: unknown) => T | undefined, options: PlainOptions = {}): Promise<T> {
  const response = await plainRequest(path, options);
  const value = read(response.data);
  if (value === undefined) throw new ApiError(response.status, 'invalid_response', 'Invalid response format: (root).');
  return value;
}
