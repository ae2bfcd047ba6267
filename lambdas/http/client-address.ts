import { timingSafeEqual } from 'node:crypto';
import { ORIGIN_SECRET_ENV, ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER, viewerIp } from '../../shared/edge.js';
import type { ApiEvent } from './api-event.js';

/**
 * The secret CloudFront adds to the requests it forwards, read once per warm function from the
 * environment (the stack resolves it from Secrets Manager at deployment): no call, no grant, no delay.
 * The twin sets none, so there the viewer header is never believed.
 */
const ORIGIN_SECRET = process.env[ORIGIN_SECRET_ENV] ?? '';

/** Whether the request came through our CloudFront: it carries the secret (compared in constant time). */
function fromOurCloudFront(headers: ApiEvent['headers'] | undefined, secret: string): boolean {
  const sent = headers?.[ORIGIN_SECRET_HEADER.toLowerCase()];
  if (!secret || typeof sent !== 'string') return false;
  const [a, b] = [Buffer.from(sent), Buffer.from(secret)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The client's address for per-client limits and the audit log. Behind our CloudFront (the request
 * carries its secret) the viewer's, as CloudFront forwards it; otherwise the connection's as API
 * Gateway saw it: a CloudFront-Viewer-Address sent straight to the execute-api endpoint (or to the
 * twin) is written by the caller and would let one client pose as many. X-Forwarded-For is never read.
 */
export function clientAddress(event: Pick<ApiEvent, 'headers' | 'requestContext'>, secret = ORIGIN_SECRET): string {
  const source = event.requestContext?.http?.sourceIp || 'unknown';
  if (!fromOurCloudFront(event.headers, secret)) return source;
  return viewerIp(event.headers?.[VIEWER_ADDRESS_HEADER.toLowerCase()]) ?? source;
}
