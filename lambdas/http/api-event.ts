import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2WithLambdaAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { AuthorizerClaims } from '#shared/authorizer.js';
import type { RequestCaller } from './caller.js';

/**
 * The API Gateway v2 event every route's function receives (API Gateway's HTTP API, payload format 2.0),
 * with the claims its Lambda authorizer verified (lambdas/auth/api-authorizer.ts).
 */
export type ApiEvent = APIGatewayProxyEventV2WithLambdaAuthorizer<AuthorizerClaims>;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** What the middlewares add to the Lambda context on their way in. */
export interface ApiContext extends Context {
  caller: RequestCaller;
  input: { params: unknown; query: unknown; body: unknown };
}

export type ApiMiddleware = MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext>;
