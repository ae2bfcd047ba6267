import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import httpErrorHandler from '@middy/http-error-handler';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { z, ZodType } from 'zod';
import { logger, tracer } from '#lib/powertools.js';
import type { PathParamNames, RouteDef } from '#shared/routes/define.js';
import type { ExactAnswer, HandlerResult, StatusResult } from './answer.js';
import type { ApiContext, ApiEvent, ApiResult } from './api-event.js';
import type { AnyCaller, AuthenticatedCaller, EmployeeCaller } from './caller.js';
import { apiErrors, audit, authorise, JSON_HEADERS, validate } from './middleware.js';

/** What a route's schema makes of one part of the request; a part without a schema is empty. */
type Parsed<R, K extends 'params' | 'query' | 'request', Empty> = R extends { [P in K]: infer S extends ZodType } ? z.output<S> : Empty;
/**
 * Every route but a public one needs a session, so its handler is given a signed-in caller: an employee
 * on an employee route, a member of staff on every other.
 */
type CallerOf<R extends RouteDef> = R['access'] extends { kind: 'public' }
  ? AnyCaller
  : R['access'] extends { kind: 'employee' }
    ? EmployeeCaller
    : AuthenticatedCaller;

/** What the chain hands the domain function: the caller and the parsed request, typed by the route. */
export interface RequestContext<R extends RouteDef> {
  event: ApiEvent;
  route: R;
  caller: CallerOf<R>;
  /** Without a `params` schema: the path's parameters, as strings. */
  params: Parsed<R, 'params', Record<PathParamNames<R['path']>, string>>;
  query: Parsed<R, 'query', Record<never, never>>;
  body: Parsed<R, 'request', undefined>;
}

/** The function a route's handler runs once the chain let the request through. */
type DomainFunction<R extends RouteDef> = (ctx: RequestContext<R>) => Promise<HandlerResult<R>>;

function isStatusResult(value: unknown): value is StatusResult<RouteDef> {
  return typeof value === 'object' && value !== null && 'statusCode' in value && typeof value.statusCode === 'number';
}

function respond(statusCode: number, body: unknown, headers: Record<string, string> = {}): ApiResult {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: body === undefined ? '' : JSON.stringify(body) };
}

/**
 * The one way to write an API handler. The route object types everything the domain function gets
 * and what it answers (the response schema's fields, none missing and none more: ./answer.ts). The
 * chain runs, in order: Powertools Logger (request id, cold start) and Tracer, header normaliser,
 * JSON body parser, the route's access check, the route's schemas for params, query and body, the
 * audit record of state-changing requests (after and on error), and the error handler, which answers
 * `{ error, message }`: 4xx for what the caller can fix, 500 for faults only.
 */
export function createApiHandler<const R extends RouteDef, F extends DomainFunction<R>>(route: R, fn: F & ExactAnswer<F, R>) {
  return middy<ApiEvent, ApiResult, Error, ApiContext>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(captureLambdaHandler(tracer))
    .use(httpHeaderNormalizer())
    .use(httpJsonBodyParser({ disableContentTypeError: true }))
    .use(authorise(route))
    .use(validate(route))
    .use(audit(route))
    .use(httpErrorHandler({ logger: false }))
    .use(apiErrors())
    .handler(async (event, context) => {
      logger.appendKeys({ route: route.id });
      // The middlewares above parsed these with the route's own schemas: this is where the types meet.
      const input = context.input as Pick<RequestContext<R>, 'params' | 'query' | 'body'>;
      const result = await fn({ event, route, caller: context.caller as CallerOf<R>, ...input });
      return isStatusResult(result) ? respond(result.statusCode, result.body, result.headers) : respond(200, result);
    });
}
