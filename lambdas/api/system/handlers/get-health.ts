import { DEPENDENCY_CHECKS as CHECKS } from '#adapters/health.js';
import { createApiHandler } from '#http/handler.js';
import { logger } from '#lib/powertools.js';
import * as routes from '#shared/routes/system.js';

export const handler = createApiHandler(routes.getHealth, async () => {
  const results = await Promise.allSettled(Object.values(CHECKS).map((check) => check()));
  const names = Object.keys(CHECKS);
  const failing = names.filter((_, i) => results[i]?.status === 'rejected');
  if (failing.length) {
    results.forEach((r, i) => r.status === 'rejected' && logger.warn('health check failed', { check: names[i], error: String(r.reason) }));
    return { statusCode: 503, body: { error: 'unavailable', message: `Not answering yet: ${failing.join(', ')}.` } };
  }
  return { ok: true, checks: Object.fromEntries(names.map((n) => [n, 'ok' as const])) };
});
