import { timingSafeEqual } from 'node:crypto';
import { ORIGIN_SECRET_ENV, ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER, viewerIp } from '#shared/edge.js';
import type { ApiEvent } from './api-event.js';

/**
 * The secret CloudFront adds to the requests it forwards, read once per warm function from the
 * environment (the stack resolves it from Secrets Manager at deployment): no call, no grant, no delay.
 * Where none is set, the viewer header is never believed.
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
 * Gateway saw it: a CloudFront-Viewer-Address sent straight to the execute-api endpoint is written
 * by the caller and would let one client pose as many. X-Forwarded-For is never read.
 */
export function clientAddress(event: Pick<ApiEvent, 'headers' | 'requestContext'>, secret = ORIGIN_SECRET): string {
  const source = event.requestContext?.http?.sourceIp || 'unknown';
  if (!fromOurCloudFront(event.headers, secret)) return source;
  return viewerIp(event.headers?.[VIEWER_ADDRESS_HEADER.toLowerCase()]) ?? source;
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail read as the last two), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const dotted = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const bytes = dotted.slice(2).map(Number);
    if (bytes.some((b) => b > 255)) return null;
    text = `${dotted[1]}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const [head, tail] = [parse(halves[0]!), halves.length === 2 ? parse(halves[1]!) : []];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 2 && missing < 1) || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * What a per-address limit counts a caller by. An IPv4 address as it is; an IPv6 one by its /64, the
 * smallest block a provider hands one subscriber, who could otherwise take a fresh address for every call;
 * an IPv4-mapped IPv6 address (::ffff:198.51.100.7) as the IPv4 address it is. Anything else as given.
 */
export function limitKeyOf(address: string): string {
  const text = address.trim().toLowerCase().replace(/%.*$/, '');
  if (!text.includes(':')) return text;
  const groups = ipv6Groups(text);
  if (!groups) return text;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The client's address as per-address limits key it (see limitKeyOf). */
export const limitAddress = (event: Pick<ApiEvent, 'headers' | 'requestContext'>, secret = ORIGIN_SECRET): string => limitKeyOf(clientAddress(event, secret));
