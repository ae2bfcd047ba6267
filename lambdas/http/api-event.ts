import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { RequestCaller } from './caller.js';

/** The API Gateway v2 event every route's function receives (API Gateway's HTTP API, payload format 2.0). */
export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** What the middlewares add to the Lambda context on their way in. */
export interface ApiContext extends Context {
  caller: RequestCaller;
  input: { params: unknown; query: unknown; body: unknown };
}

export type ApiMiddleware = MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext>;
