import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { ExpiringMap } from '#lib/expiring-map.js';

type Authorize<V> = (event: APIGatewayRequestAuthorizerEventV2) => Promise<V>;

/**
 * API Gateway keeps a Lambda authorizer's verdict, allow or deny, for the authorizer's `resultsCacheTtl`, keyed by
 * the identity source (here the Authorization header, infra/constructs/api-authorizer.ts): the function runs once a
 * token and period, not on every request. The twin's gateway keeps verdicts the same way. A route still refuses a
 * token past its expiry on a kept verdict (lambdas/http/caller.ts `verifiedClaims`), as it must in AWS.
 */
export function withVerdictCache<V>(authorize: Authorize<V>, ttlSeconds: number, now: () => number = Date.now): Authorize<V> {
  const verdicts = new ExpiringMap<string, Promise<V>>(10_000);
  return (event) => {
    const key = event.identitySource.join('\n');
    const kept = verdicts.get(key, now());
    if (kept) return kept;
    const verdict = authorize(event);
    verdicts.set(key, verdict, now() + ttlSeconds * 1000);
    // An authorizer that fails (rather than refuses) is not a verdict: API Gateway answers 500 and keeps nothing.
    verdict.catch(() => verdicts.set(key, verdict, 0));
    return verdict;
  };
}
