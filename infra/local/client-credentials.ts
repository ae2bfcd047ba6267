import { randomUUID, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { importJWK, type JWK, SignJWT } from 'jose';

/** Where the twin serves Cognito's token endpoint (in AWS: https://<domain>.auth.<region>.amazoncognito.com/oauth2/token). */
export const TOKEN_PATH = '/_local/cognito/oauth2/token';

const require = createRequire(import.meta.url);
/** cognito-local's own signing key: the key its JWKS publishes, which the gateway's authorizer verifies. */
const { jwk } = JSON.parse(readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8')) as { jwk: JWK & { kid: string } };

type Json = Record<string, unknown>;
const oauthError = (status: number, error: string, description?: string) => ({
  status,
  body: { error, ...(description ? { error_description: description } : {}) },
});

/** The app client's id and secret from HTTP Basic client authentication (RFC 6749 §2.3.1: form-encoded, then base64). */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic\s+(.+)$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return null;
  const unescape = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
  try {
    return { id: unescape(decoded.slice(0, colon)), secret: unescape(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Cognito's `POST /oauth2/token` for `grant_type=client_credentials`, which cognito-local lacks: HTTP
 * Basic client authentication against the app client cognito-local holds (its generated secret, the
 * client_credentials flow, the scopes it may ask for), answered with an access token of Cognito's shape
 * (`sub` and `client_id` the app client, `token_use` access, `scope`, no user), signed with the key
 * cognito-local publishes at its JWKS, so the gateway's authorizer verifies it as it verifies any token
 * of the pool. Errors as Cognito words them: `invalid_client`, `unauthorized_client`, `invalid_scope`,
 * `unsupported_grant_type`, `invalid_request`.
 */
export function createTokenEndpoint(opts: { cognitoUrl: string; userPoolId: string }) {
  const issuer = `${opts.cognitoUrl}/${opts.userPoolId}`;
  const key = importJWK(jwk, 'RS256');

  const describe = async (clientId: string): Promise<Json | null> => {
    const r = await fetch(opts.cognitoUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.DescribeUserPoolClient' },
      body: JSON.stringify({ UserPoolId: opts.userPoolId, ClientId: clientId }),
    });
    return r.ok ? ((((await r.json()) as Json).UserPoolClient as Json) ?? null) : null;
  };

  const answer = async (req: IncomingMessage, body: Buffer): Promise<{ status: number; body: Json }> => {
    if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return oauthError(400, 'invalid_request', 'Send the request as application/x-www-form-urlencoded.');
    }
    const form = new URLSearchParams(body.toString('utf8'));
    if (form.get('grant_type') !== 'client_credentials') return oauthError(400, 'unsupported_grant_type');
    const credentials = basicCredentials(req.headers.authorization);
    if (!credentials) return oauthError(400, 'invalid_client', 'Authenticate with HTTP Basic: the client id and secret.');
    const client = await describe(credentials.id);
    const secret = typeof client?.ClientSecret === 'string' ? client.ClientSecret : null;
    if (!client || !secret || !same(secret, credentials.secret)) return oauthError(400, 'invalid_client');
    const flows = (client.AllowedOAuthFlows as string[] | undefined) ?? [];
    if (!flows.includes('client_credentials') || client.AllowedOAuthFlowsUserPoolClient !== true) return oauthError(400, 'unauthorized_client');
    const allowed = (client.AllowedOAuthScopes as string[] | undefined) ?? [];
    const asked = form.get('scope')?.split(' ').filter(Boolean) ?? allowed;
    if (!asked.length || asked.some((s) => !allowed.includes(s))) return oauthError(400, 'invalid_scope');
    const minutes =
      typeof client.AccessTokenValidity === 'number' && (client.TokenValidityUnits as Json | undefined)?.AccessToken === 'minutes'
        ? client.AccessTokenValidity
        : 60;
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({
      sub: credentials.id,
      token_use: 'access',
      scope: asked.join(' '),
      auth_time: now,
      version: 2,
      jti: randomUUID(),
      client_id: credentials.id,
    })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
      .setIssuer(issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + minutes * 60)
      .sign(await key);
    return { status: 200, body: { access_token: token, expires_in: minutes * 60, token_type: 'Bearer' } };
  };

  return async function handleToken(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const out = await answer(req, body);
    res.writeHead(out.status, { 'content-type': 'application/json;charset=UTF-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(out.body));
  };
}
