import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z, ZodType } from 'zod';
import { isAllowed } from '../../shared/access.js';
import { type RouteDef, type RouteId, routeById } from '../../shared/routes.js';
import { type AnyCaller, type AuthenticatedCaller, callerFromEvent } from './caller.js';
import { BadRequestError, ForbiddenError, HttpError, UnauthorizedError } from './errors.js';
import { isStateChanging, recordRequest } from './request-audit.js';
import { logger } from './powertools.js';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

export interface RequestContext<TBody> {
  event: ApiEvent;
  route: RouteDef;
  caller: AnyCaller;
  body: TBody;
  params: Record<string, string>;
  query: Record<string, string>;
}

/** What a domain function may answer: a body (200), or a status with a body. */
export type HandlerResult = unknown | { statusCode: number; body?: unknown; headers?: Record<string, string> };

type BodyOf<R extends RouteDef> = R['request'] extends ZodType ? z.infer<R['request']> : undefined;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

function respond(statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: body === undefined ? '' : JSON.stringify(body) };
}

function isStatusResult(value: unknown): value is { statusCode: number; body?: unknown; headers?: Record<string, string> } {
  return typeof value === 'object' && value !== null && 'statusCode' in value && typeof (value as { statusCode: unknown }).statusCode === 'number';
}

function firstZodMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

/** Maps any failure to `{ error, message }`: 4xx for what the caller can fix, 500 for faults only. */
export function errorResponse(error: unknown): APIGatewayProxyStructuredResultV2 {
  if (error instanceof HttpError) {
    return respond(error.statusCode, { error: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) });
  }
  const e = error as { statusCode?: number; message?: string; cause?: { package?: string } };
  if (e?.cause?.package === '@middy/http-json-body-parser') {
    return respond(400, { error: 'invalid_json', message: 'Request body must be valid JSON.' });
  }
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return respond(e.statusCode, { error: 'bad_request', message: e.message ?? 'The request is not valid.' });
  }
  logger.error('Unhandled error', error as Error);
  return respond(500, { error: 'internal', message: 'Something went wrong on our side. Please try again in a moment.' });
}

/**
 * The one way to write an API handler: normalise headers, parse JSON, check the caller against
 * the route table, validate the body with the route's schema, run the domain function, map errors.
 */
export function createApiHandler<const Id extends RouteId>(
  routeId: Id,
  fn: (ctx: RequestContext<BodyOf<Extract<RouteDef, { id: Id }>>>) => Promise<HandlerResult>,
) {
  const route = routeById(routeId);
  const core = async (event: ApiEvent): Promise<APIGatewayProxyStructuredResultV2> => {
    const caller = callerFromEvent(event);
    if (!isAllowed(route.access, caller)) {
      if (!caller.signedIn) throw new UnauthorizedError();
      throw new ForbiddenError('Your role does not allow this action.');
    }
    let body: unknown = event.body;
    if (route.request) {
      const parsed = route.request.safeParse(body ?? {});
      if (!parsed.success) throw new BadRequestError(firstZodMessage(parsed.error), 'validation_failed');
      body = parsed.data;
    }
    const result = await fn({
      event,
      route,
      caller,
      body: body as never,
      params: (event.pathParameters ?? {}) as Record<string, string>,
      query: (event.queryStringParameters ?? {}) as Record<string, string>,
    });
    if (isStatusResult(result)) return respond(result.statusCode, result.body, result.headers);
    return respond(200, result);
  };
  const handler = middy<ApiEvent, APIGatewayProxyStructuredResultV2, Error, Context>()
    .use(httpHeaderNormalizer())
    .use(httpJsonBodyParser({ disableContentTypeError: true }))
    .onError(async (request) => {
      request.response = errorResponse(request.error);
    })
    .handler(core);
  if (!isStateChanging(route)) return handler;
  // Every state-changing request is recorded, whatever its outcome (issue: audit of who did what).
  return async (event: ApiEvent, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const response = await handler(event, context);
    await recordRequest(route, event, response);
    return response;
  };
}

/** Narrows a caller known to be signed in (routes whose access requires a session). */
export function requireSignedIn(caller: AnyCaller): AuthenticatedCaller {
  if (!caller.signedIn) throw new UnauthorizedError();
  return caller;
}
