import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { ExpiringMap } from '../../lambdas/lib/expiring-map.js';

/** Tokens verified, kept until they expire; bounded (cleared whole when full). */
const CACHE_MAX = 10_000;

/** What a verifier takes besides the app client's ID tokens: access tokens carrying this scope (API clients). */
export interface VerifierOptions {
  issuer: string;
  audience: string;
  clientScope?: string;
}

const unverified = (token: string): Record<string, unknown> | null => {
  try {
    return decodeJwt(token);
  } catch {
    return null;
  }
};

/**
 * The authorizer of the HTTP API: the ID token, signed by the pool, for the app client; with
 * `clientScope`, also a client-credentials access token of the pool carrying that scope (an API client:
 * `client_id`, no user). Like API Gateway's, its verdict on a token holds until the token expires: a
 * token seen before is not verified again (its signature cannot change), only its expiry is checked.
 */
export function createJwtVerifier(opts: VerifierOptions) {
  const jwks = createRemoteJWKSet(new URL(`${opts.issuer}/.well-known/jwks.json`));
  const verified = new ExpiringMap<string, Record<string, unknown>>(CACHE_MAX);
  return async (authorization: string | undefined): Promise<Record<string, unknown> | null> => {
    const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
    if (!match) return null;
    const token = match[1]!;
    const known = verified.get(token);
    if (known) return known;
    const claims = unverified(token);
    const clientToken = opts.clientScope !== undefined && claims?.token_use === 'access';
    try {
      const { payload } = await jwtVerify(token, jwks, clientToken ? { issuer: opts.issuer } : { issuer: opts.issuer, audience: opts.audience });
      if (clientToken) {
        const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
        if (typeof payload.client_id !== 'string' || payload.username !== undefined || !scopes.includes(opts.clientScope!)) return null;
      }
      // jose refuses a token without `exp` only if asked: one without is verified each time.
      if (typeof payload.exp === 'number') verified.set(token, payload, payload.exp * 1000);
      return payload as Record<string, unknown>;
    } catch {
      return null;
    }
  };
}
