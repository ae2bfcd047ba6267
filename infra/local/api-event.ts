import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import type { ApiEvent } from '#http/api-event.js';
import type { AuthorizerClaims } from '#shared/authorizer.js';
import type { RouteDef } from '#shared/routes/index.js';

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/i;

/** Builds the HTTP API (payload 2.0) event the handler would receive in AWS. */
export function buildApiEvent(args: {
  req: IncomingMessage;
  url: URL;
  route: RouteDef;
  params: Record<string, string>;
  body: Buffer;
  /** What the route's authorizer handed on (tests calling a handler directly); the gateway sets it after its authorizer ran. */
  claims?: AuthorizerClaims;
}): ApiEvent {
  const { req, url, route, params, body, claims } = args;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || TEXT_TYPES.test(contentType);
  const now = new Date();
  const routeKey = `${route.method} ${route.path}`;
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    cookies: headers.cookie ? headers.cookie.split(/;\s*/) : undefined,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: !isText,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: route.method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      ...(claims ? { authorizer: { lambda: claims } } : {}),
    },
    stageVariables: undefined,
  } as ApiEvent;
}

/** The event API Gateway sends a route's Lambda REQUEST authorizer (payload 2.0) for that request. */
export function authorizerEvent(event: ApiEvent): APIGatewayRequestAuthorizerEventV2 {
  const { requestContext, headers, routeKey, rawPath, rawQueryString, cookies, queryStringParameters, pathParameters, stageVariables } = event;
  const routeArn = `arn:aws:execute-api:local:${requestContext.accountId}:${requestContext.apiId}/${requestContext.stage}/${requestContext.http.method}${rawPath}`;
  const identitySource = headers.authorization ? [headers.authorization] : [];
  return {
    version: '2.0',
    type: 'REQUEST',
    routeArn,
    identitySource,
    routeKey,
    rawPath,
    rawQueryString,
    cookies: cookies ?? [],
    headers,
    queryStringParameters: queryStringParameters ?? {},
    requestContext,
    pathParameters: pathParameters ?? {},
    stageVariables: stageVariables ?? {},
  } as APIGatewayRequestAuthorizerEventV2;
}
