import { createRemoteJWKSet, jwtVerify } from 'jose';

/** Tokens verified, kept until they expire; bounded (cleared whole when full). */
const CACHE_MAX = 10_000;

/**
 * The JWT authorizer of the HTTP API: the ID token, signed by the pool, for the app client. Like API
 * Gateway's, its verdict on a token holds until the token expires: a token seen before is not verified
 * again (its signature cannot change), only its expiry is checked.
 */
export function createJwtVerifier(opts: { issuer: string; audience: string }) {
  const jwks = createRemoteJWKSet(new URL(`${opts.issuer}/.well-known/jwks.json`));
  const verified = new Map<string, Record<string, unknown> & { exp?: number }>();
  return async (authorization: string | undefined): Promise<Record<string, unknown> | null> => {
    const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
    if (!match) return null;
    const token = match[1]!;
    const known = verified.get(token);
    if (known) {
      if (typeof known.exp === 'number' && known.exp * 1000 > Date.now()) return known;
      verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: opts.issuer, audience: opts.audience });
      if (verified.size >= CACHE_MAX) verified.clear();
      verified.set(token, payload);
      return payload as Record<string, unknown>;
    } catch {
      return null;
    }
  };
}
