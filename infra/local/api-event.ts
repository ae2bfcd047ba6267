import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RouteDef } from '../../shared/routes/index.js';

/** API Gateway hands claims to Lambda as strings; arrays become "[a b]". Mirror that here. */
export function claimsAsApiGatewayGivesThem(payload: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    out[key] = Array.isArray(value) ? `[${value.join(' ')}]` : String(value);
  }
  return out;
}

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/i;

/** Builds the HTTP API (payload 2.0) event the handler would receive in AWS. */
export function buildApiEvent(args: {
  req: IncomingMessage;
  url: URL;
  route: RouteDef;
  params: Record<string, string>;
  body: Buffer;
  claims: Record<string, string> | null;
}): APIGatewayProxyEventV2WithJWTAuthorizer {
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
      authorizer: { jwt: { claims: claims ?? {}, scopes: [] }, principalId: '', integrationLatency: 0 },
    },
    stageVariables: undefined,
  } as APIGatewayProxyEventV2WithJWTAuthorizer;
}
