/**
 * The API's Lambda authorizer (lambdas/auth/api-authorizer.ts) between the stack that configures it
 * (infra/constructs/api-authorizer.ts), the twin that runs it (infra/local/gateway.ts) and the routes
 * that read what it hands on (lambdas/http/caller.ts, client-caller.ts).
 */

/**
 * The claims handed to every route under `requestContext.authorizer.lambda`, as strings: the ones that
 * name the caller, and the expiry. Nothing else of a token is trusted.
 */
export const HANDED_CLAIMS = ['sub', 'email', 'token_use', 'client_id', 'scope', 'username', 'exp'] as const;

export type AuthorizerClaims = Partial<Record<(typeof HANDED_CLAIMS)[number], string>>;

/** The environment of the authorizer's function: the pool's issuer, the app client, and the API clients' scope if it takes them. */
export const AUTHORIZER_ENV = { issuer: 'TOKEN_ISSUER', clientId: 'TOKEN_CLIENT_ID', clientScope: 'TOKEN_CLIENT_SCOPE' } as const;

/**
 * How long API Gateway keeps the authorizer's verdict on one Authorization header. A token past its
 * expiry is refused by the route (lambdas/http/caller.ts, `verifiedClaims`) whatever the cache holds,
 * and an API client is read from the directory on every request, so the cache never outlives a
 * deletion or a rotation (docs/decisions/0170-one-lambda-authorizer-for-both-runtimes.md).
 */
export const AUTHORIZER_CACHE_SECONDS = 30;
