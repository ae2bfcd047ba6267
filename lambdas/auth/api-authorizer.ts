import { JwtVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import type { APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerWithContextResult } from 'aws-lambda';
import { createEventHandler } from '#lib/event-handler.js';
import { logger } from '#lib/powertools.js';
import { AUTHORIZER_ENV, type AuthorizerClaims, HANDED_CLAIMS } from '#shared/authorizer.js';

/** Whose tokens an instance of the authorizer takes: one user pool, one app client, and perhaps the API clients. */
export interface AuthorizerConfig {
  /** The pool's issuer (`iss`): https://cognito-idp.{region}.amazonaws.com/{pool id} in AWS; its JWKS is at /.well-known/jwks.json under it. */
  issuer: string;
  /** The app client whose ID tokens open the routes (the web app's, or the employee portal's). */
  clientId: string;
  /** With it, also a client-credentials access token of the pool carrying this scope: an API client (no user). */
  clientScope?: string;
}

/** Refusals carry no detail to the caller (API Gateway answers them alone); the log says why. */
class RefusedToken extends Error {}

const scopesOf = (payload: JwtPayload) => (typeof payload.scope === 'string' ? payload.scope.split(' ') : []);

/**
 * The check after the signature, issuer and expiry (aws-jwt-verify's): an ID token of the app client,
 * as the HTTP API's JWT authorizer checks one (`aud`), or, with `clientScope`, an access token of an
 * OAuth2 client-credentials grant carrying that scope (`client_id`, no `username`). What the client may
 * do is the directory's to say, on every request (lambdas/http/client-caller.ts).
 */
function tokenCheck(config: AuthorizerConfig) {
  return ({ payload }: { payload: JwtPayload }) => {
    if (typeof payload.exp !== 'number') throw new RefusedToken('A token without an expiry is refused.');
    if (payload.token_use === 'id' && payload.aud === config.clientId) return;
    const clientToken = payload.token_use === 'access' && typeof payload.client_id === 'string' && payload.username === undefined;
    if (config.clientScope && clientToken && scopesOf(payload).includes(config.clientScope)) return;
    throw new RefusedToken(
      `Neither an ID token of the app client nor a client-credentials token with the API's scope (token_use ${String(payload.token_use)}).`,
    );
  };
}

/** The pool's keys, fetched with the runtime's fetch: from whatever issuer the configuration names, over http or https. */
const jwksCache = new SimpleJwksCache({
  fetcher: {
    fetch: async (uri: string) => {
      const response = await fetch(uri, { signal: AbortSignal.timeout(3000) });
      if (!response.ok) throw new Error(`The JWKS at ${uri} answered ${response.status}.`);
      return response.arrayBuffer();
    },
  },
});

/** The claims handed to the route, as API Gateway hands JWT claims: strings, an array as "[a b]". */
export function handedClaims(payload: Record<string, unknown>): AuthorizerClaims {
  const out: AuthorizerClaims = {};
  for (const name of HANDED_CLAIMS) {
    const value = payload[name];
    if (value !== undefined && value !== null) out[name] = Array.isArray(value) ? `[${value.join(' ')}]` : String(value);
  }
  return out;
}

/**
 * The HTTP API's Lambda REQUEST authorizer (payload 2.0, simple responses) for one pool: the bearer
 * token of the Authorization header verified (signature by the pool's JWKS, issuer, expiry, then
 * `tokenCheck`), its claims handed to the route. The configuration names the pool; `handler` reads it
 * from the environment the stack sets.
 */
export function createAuthorizer(config: AuthorizerConfig) {
  const verifier = JwtVerifier.create({ issuer: config.issuer, audience: null, customJwtCheck: tokenCheck(config) }, { jwksCache });
  return createEventHandler(
    async (event: Pick<APIGatewayRequestAuthorizerEventV2, 'headers'>): Promise<APIGatewaySimpleAuthorizerWithContextResult<AuthorizerClaims>> => {
      const match = /^Bearer\s+(\S+)$/i.exec(event.headers?.authorization ?? '');
      if (!match) return { isAuthorized: false, context: {} };
      try {
        return { isAuthorized: true, context: handedClaims(await verifier.verify(match[1]!)) };
      } catch (error) {
        logger.info('Token refused', { reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
        return { isAuthorized: false, context: {} };
      }
    },
  );
}

function configFromEnv(): AuthorizerConfig {
  const issuer = process.env[AUTHORIZER_ENV.issuer];
  const clientId = process.env[AUTHORIZER_ENV.clientId];
  if (!issuer || !clientId) throw new Error(`${AUTHORIZER_ENV.issuer} and ${AUTHORIZER_ENV.clientId} must be set.`);
  return { issuer, clientId, clientScope: process.env[AUTHORIZER_ENV.clientScope] || undefined };
}

let fromEnv: ReturnType<typeof createAuthorizer> | undefined;
export const handler: ReturnType<typeof createAuthorizer> = (event, context) => (fromEnv ??= createAuthorizer(configFromEnv()))(event, context);
