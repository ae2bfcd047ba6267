/**
 * The platform as the CLI calls it: the address and the API client's credentials from the environment,
 * an access token by OAuth2 client credentials from the token endpoint /config.json names, and the routes
 * of the route table (shared/routes) called with their own schemas, as the web's callRoute calls them.
 */
import type { z, ZodType } from 'zod';
import type { PresignedPost } from '#shared/api/presigned-post.js';
import { checkRuntimeConfig } from '#shared/api/runtime-config.js';
import type { PathParamNames, RouteDef } from '#shared/routes/define.js';
import { CliError, EXIT } from './io.js';

type Route = Pick<RouteDef, 'id' | 'method' | 'path' | 'query' | 'request' | 'response'>;
type RouteResponse<R extends Route> = R extends { response: infer S extends ZodType } ? z.output<S> : unknown;
type RouteRequest<R extends Route> = R extends { request: infer S extends ZodType } ? z.input<S> : never;
type Params<R extends Route> = [PathParamNames<R['path']>] extends [never] ? { params?: undefined } : { params: Record<PathParamNames<R['path']>, string> };
type Body<R extends Route> = [RouteRequest<R>] extends [never] ? { body?: undefined } : { body: RouteRequest<R> };
type CallOptions<R extends Route> = Params<R> & Body<R> & { query?: Record<string, string | number | undefined> };

/** The environment the CLI reads: the platform's address and the API client's id and secret. */
export const ENV_NAMES = ['PAYROLL_URL', 'PAYROLL_CLIENT_ID', 'PAYROLL_CLIENT_SECRET'] as const;
export type Env = Partial<Record<(typeof ENV_NAMES)[number], string>>;

export interface Platform {
  call<R extends Route>(route: R, options: CallOptions<R>): Promise<RouteResponse<R>>;
  /** Sends a file with an upload's presigned POST (its fields, then the file), as the browser does. */
  postFile(post: PresignedPost, data: Uint8Array, fileName: string): Promise<void>;
}

const platformError = (code: string, message: string) => new CliError(code, message, EXIT.platform);

/** fetch, with a failure to connect said in words (the address, and what the connection ran into). */
async function reach(url: string, init: RequestInit, base: string): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (error as Error).message;
    throw platformError('unreachable', `Could not reach the platform at ${base} (${why}). Check PAYROLL_URL and your network connection, then try again.`);
  }
}

async function jsonOf(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** Where the platform is and who the client is, from the environment. */
export interface Settings {
  base: string;
  id: string;
  secret: string;
}

/** The environment's three values, or a CliError naming those missing (read before any work, so none is done in vain). */
export function readEnv(env: Env): Settings {
  const missing = ENV_NAMES.filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    throw new CliError(
      'missing_environment',
      `Set ${missing.join(', ')}: PAYROLL_URL is the platform's address (e.g. https://payroll.example.zm), PAYROLL_CLIENT_ID and PAYROLL_CLIENT_SECRET the API client's id and secret, which an organisation admin creates on Team → API clients.`,
      EXIT.usage,
    );
  }
  const base = env.PAYROLL_URL!.trim().replace(/\/+$/, '');
  if (!URL.canParse(base) || !/^https?:$/.test(new URL(base).protocol))
    throw new CliError(
      'invalid_url',
      `PAYROLL_URL must be the platform's address starting with https:// (or http:// on this machine), not '${base}'.`,
      EXIT.usage,
    );
  return { base, id: env.PAYROLL_CLIENT_ID!.trim(), secret: env.PAYROLL_CLIENT_SECRET!.trim() };
}

/** The token endpoint's refusals (Cognito's codes), in words. */
function tokenRefusal(status: number, body: unknown): CliError {
  const code = typeof body === 'object' && body !== null && 'error' in body ? String(body.error) : `http_${status}`;
  if (code === 'invalid_client') {
    return platformError(
      'invalid_client',
      'The platform refused PAYROLL_CLIENT_ID and PAYROLL_CLIENT_SECRET. Check both; a client that was rotated or deleted on Team → API clients has new credentials or none.',
    );
  }
  if (code === 'unauthorized_client')
    return platformError(
      code,
      'This client may not get tokens by client credentials: ask your organisation admin to create an API client on Team → API clients.',
    );
  return platformError(code, `The token endpoint refused the request (${status} ${code}). Try again later, or tell the platform's support.`);
}

/** Reads /config.json, gets an access token for the client, and gives the routes to call with it. */
export async function connect({ base, id, secret }: Settings): Promise<Platform> {
  const configAnswer = await reach(`${base}/config.json`, { headers: { accept: 'application/json' } }, base);
  const config = checkRuntimeConfig(configAnswer.ok ? await jsonOf(configAnswer) : null);
  if (!config.success || !config.data.tokenUrl)
    throw platformError('not_the_platform', `${base}/config.json does not describe the platform's API and token endpoint: check PAYROLL_URL.`);
  const apiBase = new URL(config.data.apiUrl, `${base}/`).href.replace(/\/+$/, '');
  const basic = Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64');
  const tokenAnswer = await reach(
    new URL(config.data.tokenUrl, `${base}/`).href,
    {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    },
    base,
  );
  const token = await jsonOf(tokenAnswer);
  if (!tokenAnswer.ok) throw tokenRefusal(tokenAnswer.status, token);
  const accessToken = typeof token === 'object' && token !== null && 'access_token' in token ? String(token.access_token) : '';

  return {
    async call(route, options) {
      const { params, query, body } = options as { params?: Record<string, string>; query?: Record<string, string | number | undefined>; body?: unknown };
      const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''));
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
      const url = `${apiBase}${path.slice('/api'.length)}${search.size ? `?${search}` : ''}`;
      let payload = body;
      if (route.request && body !== undefined) {
        const checked = route.request.safeParse(body);
        if (!checked.success) throw new CliError('invalid_request', checked.error.issues[0]?.message ?? 'The request is not valid.', EXIT.usage);
        payload = checked.data;
      }
      const headers: Record<string, string> = { authorization: `Bearer ${accessToken}`, accept: 'application/json' };
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const res = await reach(url, { method: route.method, headers, body: payload === undefined ? undefined : JSON.stringify(payload) }, base);
      const answer = await jsonOf(res);
      if (!res.ok) throw apiRefusal(res.status, answer);
      if (!route.response) return answer as never;
      const parsed = route.response.safeParse(answer);
      if (!parsed.success)
        throw platformError(
          'invalid_response',
          `The platform's answer to ${route.method} ${route.path} is not what its contract says: is PAYROLL_URL the platform, and this CLI up to date?`,
        );
      return parsed.data as never;
    },

    async postFile(post, data, fileName) {
      const form = new FormData();
      for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
      form.append('file', new Blob([data as Uint8Array<ArrayBuffer>]), fileName);
      const res = await reach(new URL(post.url, `${base}/`).href, { method: 'POST', body: form }, base);
      if (res.ok) return;
      const text = await res.text();
      const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
      throw platformError('upload_failed', `Upload failed: ${message || `storage answered ${res.status}`}.`);
    },
  };
}

/** The API's refusal (`{ error, message }`, shared/api/errors.ts) as it comes: the server's own sentence. */
function apiRefusal(status: number, body: unknown): CliError {
  const refusal = typeof body === 'object' && body !== null ? (body as { error?: unknown; message?: unknown }) : {};
  // 400: the request itself is wrong (an NRC, a month, a file too large): fixed on the command line or in the file.
  if (typeof refusal.error === 'string' && typeof refusal.message === 'string')
    return new CliError(refusal.error, refusal.message, status === 400 ? EXIT.usage : EXIT.platform);
  if (status >= 500) return platformError('platform_fault', `The platform answered ${status}: a fault on its side. Try again in a few minutes.`);
  // The API gateway's own refusal, before any route: AWS's shape, a message and no code (a token it cannot verify).
  if ((status === 401 || status === 403) && typeof refusal.message === 'string') {
    return platformError(
      'token_refused',
      `The platform's gateway refused the client's access token (${status} ${refusal.message}). Check that PAYROLL_CLIENT_ID is an API client of the platform at PAYROLL_URL, then try again.`,
    );
  }
  return platformError(`http_${status}`, `The platform answered ${status}. Check PAYROLL_URL.`);
}
