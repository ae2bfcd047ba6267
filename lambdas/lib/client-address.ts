import { VIEWER_ADDRESS_HEADER, viewerIp } from '../../shared/edge.js';
import type { ApiEvent } from './handler.js';

/**
 * The client's address for per-client limits and the audit log: the viewer's, as CloudFront forwards
 * it, else the connection's as API Gateway saw it (direct calls, the twin). X-Forwarded-For is
 * written by the caller and would let one client pose as many, so it is never read.
 */
export function clientAddress(event: Pick<ApiEvent, 'headers' | 'requestContext'>): string {
  const header = event.headers?.[VIEWER_ADDRESS_HEADER.toLowerCase()];
  return viewerIp(header) ?? (event.requestContext?.http?.sourceIp || 'unknown');
}
