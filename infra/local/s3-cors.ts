import type { IncomingMessage, ServerResponse } from 'node:http';

/** One S3 bucket CORS rule, as CDK's CorsRule spells it. */
export interface CorsRule {
  allowedMethods: readonly string[];
  allowedOrigins: readonly string[];
  allowedHeaders?: readonly string[];
  maxAge?: number;
}

/** S3's wildcard: at most one `*`, matching any run of characters. */
const matches = (patterns: readonly string[], value: string) =>
  patterns.some((p) => {
    const star = p.indexOf('*');
    if (star < 0) return p.toLowerCase() === value.toLowerCase();
    const [head, tail] = [p.slice(0, star).toLowerCase(), p.slice(star + 1).toLowerCase()];
    const v = value.toLowerCase();
    return v.length >= head.length + tail.length && v.startsWith(head) && v.endsWith(tail);
  });

/**
 * The headers S3 adds for a request from `origin` under `rules` (the first rule that allows it),
 * or null when no rule does. A preflight names its method and headers in Access-Control-Request-*.
 */
export function corsHeaders(rules: readonly CorsRule[], origin: string, method: string, requestHeaders: string[] = []): Record<string, string> | null {
  const rule = rules.find(
    (r) =>
      matches(r.allowedOrigins, origin) && r.allowedMethods.includes(method.toUpperCase()) && requestHeaders.every((h) => matches(r.allowedHeaders ?? [], h)),
  );
  if (!rule) return null;
  const headers: Record<string, string> = {
    'access-control-allow-origin': rule.allowedOrigins.includes('*') ? '*' : origin,
    'access-control-allow-methods': rule.allowedMethods.join(', '),
    vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
  };
  if (requestHeaders.length) headers['access-control-allow-headers'] = requestHeaders.join(', ');
  if (rule.maxAge !== undefined) headers['access-control-max-age'] = String(rule.maxAge);
  return headers;
}

/**
 * Answers a preflight (OPTIONS) as S3 does: 200 with the rule's headers, or 403 when no rule allows
 * it. For any other request, sets the headers on `res` when its Origin is allowed. Returns true when
 * the request has been answered.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, rules: readonly CorsRule[]): boolean {
  const origin = req.headers.origin;
  if (req.method === 'OPTIONS') {
    const method = String(req.headers['access-control-request-method'] ?? '');
    const requested = String(req.headers['access-control-request-headers'] ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
    const headers = origin && method ? corsHeaders(rules, origin, method, requested) : null;
    if (!headers) {
      res.writeHead(403, { 'content-type': 'application/xml' });
      res.end(
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessForbidden</Code><Message>CORSResponse: This CORS request is not allowed.</Message></Error>',
      );
      return true;
    }
    res.writeHead(200, headers);
    res.end();
    return true;
  }
  if (origin && req.method) {
    for (const [name, value] of Object.entries(corsHeaders(rules, origin, req.method) ?? {})) res.setHeader(name, value);
  }
  return false;
}
