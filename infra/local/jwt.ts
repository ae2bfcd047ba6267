import { createRemoteJWKSet, jwtVerify } from 'jose';
import { ExpiringMap } from '../../lambdas/lib/expiring-map.js';

/** Tokens verified, kept until they expire; bounded (cleared whole when full). */
const CACHE_MAX = 10_000;

/**
 * The JWT authorizer of the HTTP API: the ID token, signed by the pool, for the app client. Like API
 * Gateway's, its verdict on a token holds until the token expires: a token seen before is not verified
 * again (its signature cannot change), only its expiry is checked.
 */
export function createJwtVerifier(opts: { issuer: string; audience: string }) {
  const jwks = createRemoteJWKSet(new URL(`${opts.issuer}/.well-known/jwks.json`));
  const verified = new ExpiringMap<string, Record<string, unknown>>(CACHE_MAX);
  return async (authorization: string | undefined): Promise<Record<string, unknown> | null> => {
    const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
    if (!match) return null;
    const token = match[1]!;
    const known = verified.get(token);
    if (known) return known;
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: opts.issuer, audience: opts.audience });
      // jose refuses a token without `exp` only if asked: one without is verified each time.
      if (typeof payload.exp === 'number') verified.set(token, payload, payload.exp * 1000);
      return payload as Record<string, unknown>;
    } catch {
      return null;
    }
  };
}
