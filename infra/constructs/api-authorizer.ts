import { Duration, Stack } from 'aws-cdk-lib';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { AUTHORIZER_CACHE_SECONDS, AUTHORIZER_ENV } from '#shared/authorizer.js';
import { API_AUTHORIZER } from '../definitions.js';
import { AppFunction } from './app-function.js';

export interface ApiAuthorizerProps {
  userPool: IUserPool;
  /** The app client whose ID tokens open the routes. */
  client: IUserPoolClient;
  /** The resource server's scope whose client-credentials access tokens open them too (the API clients), if any. */
  clientScope?: string;
  description: string;
}

/**
 * A Lambda REQUEST authorizer of the HTTP API (payload 2.0, simple responses) for one user pool: the
 * function lambdas/auth/api-authorizer.ts, which verifies the pool's tokens with its public keys
 * (fetched from the pool's JWKS over the internet, so its role holds nothing but its logs and X-Ray)
 * and hands the claims to the route. The Authorization header is its identity source: without one,
 * API Gateway answers 401 and never invokes it; a token it refuses gets 403.
 */
export class ApiAuthorizer extends Construct {
  readonly authorizer: HttpLambdaAuthorizer;
  readonly function: AppFunction;

  constructor(scope: Construct, id: string, props: ApiAuthorizerProps) {
    super(scope, id);
    this.function = new AppFunction(this, 'Verifier', {
      handler: API_AUTHORIZER.handler,
      description: props.description,
      // API Gateway waits 10 s for an authorizer; a JWKS fetch is bounded at 3 s (lambdas/auth/api-authorizer.ts).
      timeout: Duration.seconds(10),
      memorySize: 256,
      environment: {
        // The issuer as the pool writes it in its tokens (and as the JWT authorizer of the CDK checks it).
        [AUTHORIZER_ENV.issuer]: `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${props.userPool.userPoolId}`,
        [AUTHORIZER_ENV.clientId]: props.client.userPoolClientId,
        ...(props.clientScope ? { [AUTHORIZER_ENV.clientScope]: props.clientScope } : {}),
      },
    });
    this.authorizer = new HttpLambdaAuthorizer(id, this.function.function, {
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      identitySource: ['$request.header.Authorization'],
      resultsCacheTtl: Duration.seconds(AUTHORIZER_CACHE_SECONDS),
    });
  }
}
