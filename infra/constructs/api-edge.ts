import { Duration } from 'aws-cdk-lib';
import {
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
} from 'aws-cdk-lib/aws-cloudfront';
import { Construct } from 'constructs';
import { VIEWER_ADDRESS_HEADER } from '#shared/edge.js';

/** The viewer headers the API reads; Host is never forwarded (API Gateway answers its own name only). */
export const API_VIEWER_HEADERS = ['Accept', 'Content-Type', 'User-Agent', 'X-Acting-Org'] as const;

/**
 * How CloudFront's /api/* behaviour talks to the HTTP API. No managed policy both drops Host and adds
 * a CloudFront header, so both policies are the stack's own:
 * - the origin request policy forwards the viewer headers the API reads and CloudFront-Viewer-Address,
 *   the viewer's IP that per-client rate limits key on (lambdas/http/client-address.ts);
 * - the cache policy caches nothing (TTL 0, and the API answers no-store) and carries Authorization,
 *   which CloudFront forwards on GET only when a cache policy names it.
 */
export class ApiEdgePolicies extends Construct {
  readonly cachePolicy: CachePolicy;
  readonly originRequestPolicy: OriginRequestPolicy;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.cachePolicy = new CachePolicy(this, 'Cache', {
      comment: 'API: nothing cached; Authorization forwarded on every method',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      // A maximum above 0 is what lets a cache policy name a header; the API answers no-store.
      maxTtl: Duration.seconds(1),
      headerBehavior: CacheHeaderBehavior.allowList('Authorization'),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      cookieBehavior: CacheCookieBehavior.none(),
    });
    this.originRequestPolicy = new OriginRequestPolicy(this, 'OriginRequest', {
      comment: 'API: the viewer headers it reads and the viewer address, never Host',
      headerBehavior: OriginRequestHeaderBehavior.allowList(...API_VIEWER_HEADERS, VIEWER_ADDRESS_HEADER),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    });
  }
}
