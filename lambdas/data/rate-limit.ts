import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './clients.js';

/**
 * Fixed-window request counters in the directory table, for the public routes.
 * Keys: pk=RATE#{scope} sk={window start, epoch seconds}; expires_at (TTL) drops old windows.
 * One atomic ADD per call, so concurrent Lambdas count together.
 */
export interface RateLimit {
  /** What is counted, e.g. 'access-request:ip:203.0.113.9'. */
  scope: string;
  limit: number;
  windowSeconds: number;
}

/** Counts one call against the limit; false when the window already holds `limit` calls. */
export async function consumeRateLimit({ scope, limit, windowSeconds }: RateLimit, now = Date.now()): Promise<boolean> {
  const nowSeconds = Math.floor(now / 1000);
  const windowStart = nowSeconds - (nowSeconds % windowSeconds);
  const out = await dynamo.send(
    new UpdateCommand({
      TableName: tableName('directory'),
      Key: { pk: `RATE#${scope}`, sk: String(windowStart) },
      UpdateExpression: 'ADD #count :one SET expires_at = if_not_exists(expires_at, :expires)',
      ExpressionAttributeNames: { '#count': 'count' },
      // TTL deletion runs late (hours): the window key, not the TTL, is what bounds the count.
      ExpressionAttributeValues: { ':one': 1, ':expires': windowStart + windowSeconds * 2 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.count ?? 0) <= limit;
}

/** When the window holding `now` ends: the first moment a call refused now may be made again (ISO). */
export const windowEndsAt = (windowSeconds: number, now = Date.now()) => {
  const nowSeconds = Math.floor(now / 1000);
  return new Date((nowSeconds - (nowSeconds % windowSeconds) + windowSeconds) * 1000).toISOString();
};

/** Consumes every limit (all are counted, so a caller cannot spread calls to dodge one); true if all hold. */
export async function consumeRateLimits(limits: readonly RateLimit[], now = Date.now()): Promise<boolean> {
  const results = await Promise.all(limits.map((limit) => consumeRateLimit(limit, now)));
  return results.every(Boolean);
}

/** Whether the window holding `now` already holds `limit` calls, without counting one (for limits on failures only). */
export async function rateLimitSpent({ scope, limit, windowSeconds }: RateLimit, now = Date.now()): Promise<boolean> {
  const nowSeconds = Math.floor(now / 1000);
  const key = { pk: `RATE#${scope}`, sk: String(nowSeconds - (nowSeconds % windowSeconds)) };
  const out = await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: key, ConsistentRead: true }));
  return Number(out.Item?.count ?? 0) >= limit;
}
