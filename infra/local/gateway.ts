import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import sirv from 'sirv';
import { API_CLIENT_SCOPE } from '#shared/api/api-clients.js';
import type { RuntimeConfig } from '#shared/api/runtime-config.js';
import { AUTHORIZER_CACHE_SECONDS } from '#shared/authorizer.js';
import { handlerModule, matchPath, ROUTES } from '#shared/routes/index.js';
import { createAuthorizer } from '../../lambdas/auth/api-authorizer.js';
import { authorizerEvent, buildApiEvent } from './api-event.js';
import { withVerdictCache } from './authorizer-cache.js';
import { createTokenEndpoint, TOKEN_PATH } from './client-credentials.js';
import { createCognitoShim } from './cognito-shim.js';
import { loadHandler } from './handlers.js';
import { isOutboxWriter, type Outbox, OUTBOX_KEY_HEADER, parseOutboxMessage, renderOutboxPage } from './outbox.js';
import { createS3Proxy, type S3ProxyOptions } from './s3-proxy.js';
import { handleSesSend, SES_SEND_PATH } from './ses-shim.js';
import { handleSnsPublish, SNS_PREFIX } from './sns-shim.js';

/** API Gateway's own payload limit. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface GatewayOptions {
  port: number;
  host: string;
  webDir: string;
  region: string;
  cognitoUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The employees' own pool: the one whose tokens the employee routes take (and the only one). */
  employeePool: { userPoolId: string; userPoolClientId: string };
  outbox: Outbox;
  /** The per-process key the twin's Cognito emulator sends to post its messages to the outbox. */
  outboxKey: string;
  s3: Omit<S3ProxyOptions, 'prefix'>;
  /** Resolves once no S3 event and no stream record is left to deliver: `GET /_local/events/settled` answers then. */
  eventsSettled: () => Promise<void>;
}

/** Where S3 appears on the gateway's origin, for the browser and the handlers alike. */
export const S3_PREFIX = '/_local/s3';

class BodyTooLargeError extends Error {}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

function writeLambdaResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2 | string | undefined) {
  if (typeof result !== 'object' || result === null || typeof result.statusCode !== 'number') {
    return sendJson(res, 200, result ?? null);
  }
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k] = String(v);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  res.writeHead(result.statusCode, headers);
  const body = result.body ?? '';
  res.end(result.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}

/**
 * The local stand-in for CloudFront + API Gateway: serves the SPA and /config.json, runs the
 * route table's handlers behind the stack's Lambda authorizers, fronts Cognito and shows the outbox.
 */
export function startGateway(opts: GatewayOptions): Promise<Server> {
  const issuer = `${opts.cognitoUrl}/${opts.userPoolId}`;
  // The stack's authorizers (infra/constructs/api.ts), the same code, with the emulator's issuers.
  // Each keeps its verdicts for the stack's cache period, by token, as API Gateway does.
  const staffAuthorizer = withVerdictCache(
    createAuthorizer({ issuer, clientId: opts.userPoolClientId, clientScope: API_CLIENT_SCOPE }),
    AUTHORIZER_CACHE_SECONDS,
  );
  const employeeAuthorizer = withVerdictCache(
    createAuthorizer({ issuer: `${opts.cognitoUrl}/${opts.employeePool.userPoolId}`, clientId: opts.employeePool.userPoolClientId }),
    AUTHORIZER_CACHE_SECONDS,
  );
  const hasWeb = existsSync(path.join(opts.webDir, 'index.html'));
  const handleS3 = createS3Proxy({ ...opts.s3, prefix: S3_PREFIX });
  const handleCognito = createCognitoShim(opts.cognitoUrl);
  const handleToken = createTokenEndpoint({ cognitoUrl: opts.cognitoUrl, userPoolId: opts.userPoolId });
  const serveStatic = hasWeb ? sirv(opts.webDir, { single: true, etag: true, dev: false }) : null;

  const handleApi = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const candidates = ROUTES.map((route) => ({ route, params: matchPath(route.path, url.pathname) })).filter((c) => c.params);
    if (!candidates.length) return sendJson(res, 404, { error: 'not_found', message: `No such API route: ${url.pathname}` });
    const found = candidates.find((c) => c.route.method === req.method);
    if (!found) {
      return sendJson(res, 405, { error: 'method_not_allowed', message: `Use ${candidates.map((c) => c.route.method).join(' or ')} for ${url.pathname}.` });
    }
    const { route, params } = found;
    const event = buildApiEvent({ req, url, route, params: params!, body: await readBody(req) });
    if (route.access.kind !== 'public') {
      // Each pool's authorizer guards its own routes, as in AWS: a staff token never opens an employee route, nor the reverse.
      // API Gateway answers 401 without invoking it when the identity source (the Authorization header) is missing, 403 when it refuses.
      if (!event.headers.authorization) return sendJson(res, 401, { error: 'unauthorized', message: 'No active session. Please sign in.' });
      const verdict = await (route.access.kind === 'employee' ? employeeAuthorizer : staffAuthorizer)(authorizerEvent(event));
      if (!verdict.isAuthorized) return sendJson(res, 403, { message: 'Forbidden' });
      event.requestContext.authorizer = { lambda: verdict.context };
    }
    const handler = await loadHandler(handlerModule(route));
    const result = (await handler(event, { functionName: route.id, awsRequestId: event.requestContext.requestId })) as APIGatewayProxyStructuredResultV2;
    writeLambdaResult(res, result);
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    try {
      if (url.pathname.startsWith('/api/')) return await handleApi(req, res, url);
      if (url.pathname === S3_PREFIX || url.pathname.startsWith(`${S3_PREFIX}/`)) return await handleS3(req, res, url);
      if (url.pathname === '/config.json') {
        const config: RuntimeConfig = {
          region: opts.region,
          userPoolId: opts.userPoolId,
          userPoolClientId: opts.userPoolClientId,
          userPoolEndpoint: `${url.origin}/_local/cognito`,
          employeePoolId: opts.employeePool.userPoolId,
          employeePoolClientId: opts.employeePool.userPoolClientId,
          apiUrl: '/api',
          outboxUrl: '/_local/outbox',
          tokenUrl: `${url.origin}${TOKEN_PATH}`,
        };
        return sendJson(res, 200, config);
      }
      if (url.pathname === TOKEN_PATH && req.method === 'POST') return await handleToken(req, res, await readBody(req));
      if (url.pathname === '/_local/cognito' && req.method === 'POST') {
        return await handleCognito(req, res, await readBody(req));
      }
      if (url.pathname === '/_local/outbox' && req.method === 'POST') {
        if (!isOutboxWriter(req.headers[OUTBOX_KEY_HEADER], opts.outboxKey)) {
          return sendJson(res, 403, {
            error: 'forbidden',
            message: "Only the twin's Cognito emulator posts here; send email through SES (AWS_ENDPOINT_URL_SESV2), signed.",
          });
        }
        const message = parseOutboxMessage(await readBody(req));
        if (!message) return sendJson(res, 400, { error: 'bad_request', message: 'An outbox message is JSON with string fields to, subject and html.' });
        return sendJson(res, 201, opts.outbox.add(message));
      }
      if (url.pathname === SES_SEND_PATH && req.method === 'POST') return await handleSesSend(req, res, await readBody(req), opts.outbox, opts.s3);
      if ((url.pathname === SNS_PREFIX || url.pathname === `${SNS_PREFIX}/`) && req.method === 'POST')
        return await handleSnsPublish(req, res, await readBody(req), opts.outbox, opts.s3);
      if (url.pathname === '/_local/events/settled') {
        await opts.eventsSettled();
        return sendJson(res, 200, { settled: true });
      }
      if (url.pathname === '/_local/outbox.json') return sendJson(res, 200, opts.outbox.list(url.searchParams.get('to') ?? undefined));
      if (url.pathname === '/_local/outbox') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return res.end(renderOutboxPage(opts.outbox.list()));
      }
      if (!serveStatic) {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end('The web app is not built yet: run `npm run build:web`, then reload.');
      }
      serveStatic(req, res, () => {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('Not found');
      });
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        return sendJson(res, 413, { error: 'payload_too_large', message: 'The request is larger than 10 MB.' });
      }
      console.error('[gateway]', error);
      if (!res.headersSent) sendJson(res, 500, { error: 'internal', message: 'Something went wrong on our side. Please try again in a moment.' });
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve(server));
  });
}
