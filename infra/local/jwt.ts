import { createRemoteJWKSet, jwtVerify } from 'jose';

/** The JWT authorizer of the HTTP API: the ID token, signed by the pool, for the app client. */
export function createJwtVerifier(opts: { issuer: string; audience: string }) {
  const jwks = createRemoteJWKSet(new URL(`${opts.issuer}/.well-known/jwks.json`));
  return async (authorization: string | undefined): Promise<Record<string, unknown> | null> => {
    const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
    if (!match) return null;
    try {
      const { payload } = await jwtVerify(match[1]!, jwks, { issuer: opts.issuer, audience: opts.audience });
      return payload as Record<string, unknown>;
    } catch {
      return null;
    }
  };
}
