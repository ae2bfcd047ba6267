import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { change, conditionsOf, updateOf } from '#adapters/dynamo/expressions.js';
import { isConditionFailure } from '#adapters/dynamo/toolkit.js';

/**
 * Fixed-window request counters in the directory table, for the public routes.
 * Keys: pk=RATE#{scope} sk={window start, epoch seconds}; expires_at (TTL) drops old windows.
 * One atomic ADD per call, so concurrent Lambdas count together.
 */
/** One window's item: the calls counted in it, and when TTL may drop it (epoch seconds). */
interface RateWindow {
  count: number;
  expires_at: number;
}
const when = conditionsOf<RateWindow>();

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
      // TTL deletion runs late (hours): the window key, not the TTL, is what bounds the count.
      ...updateOf<RateWindow>({ count: change.add(1), expires_at: change.ifMissing(windowStart + windowSeconds * 2) }),
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

/**
 * Sliding windows, for limits a burst around a window's edge must not double (the employee's codes and
 * texts): two fixed windows' counters (the same items as above) weighed as Cloudflare's sliding counter
 * does, `previous × (share of the window still ahead) + current`, so at most `limit` calls fall in any
 * window-long span (near enough: the previous window's calls are taken as evenly spread). A call is
 * counted only when it is allowed (a conditional ADD on the current window), so a client that is refused
 * and tries again does not push its own wait further out.
 */
interface SlidingState {
  windowStart: number;
  previous: number;
  current: number;
}

const windowKey = (scope: string, start: number) => ({ pk: `RATE#${scope}`, sk: String(start) });

async function readCount(scope: string, start: number): Promise<number> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: windowKey(scope, start), ConsistentRead: true }));
  return Number(out.Item?.count ?? 0);
}

async function slidingState({ scope, windowSeconds }: RateLimit, now: number): Promise<SlidingState> {
  const nowSeconds = now / 1000;
  const windowStart = Math.floor(nowSeconds / windowSeconds) * windowSeconds;
  const [previous, current] = await Promise.all([readCount(scope, windowStart - windowSeconds), readCount(scope, windowStart)]);
  return { windowStart, previous, current };
}

/** The weight the previous window's calls still have at `now` (1 at the current window's start, 0 at its end). */
const previousWeight = (state: SlidingState, windowSeconds: number, now: number) => 1 - (now / 1000 - state.windowStart) / windowSeconds;

/** Seconds as the whole second at or after them (float noise aside), in ms. */
const wholeSecondMs = (seconds: number) => Math.ceil(seconds - 1e-6) * 1000;

/** The first moment (ms) one more call fits, given the counts at `now`. */
function nextFit({ limit, windowSeconds }: RateLimit, state: SlidingState, now: number): number {
  const room = limit - 1 - state.current;
  if (room >= 0) {
    // In this window, once enough of the previous window's calls have slid out.
    const share = state.previous > 0 ? 1 - room / state.previous : 0;
    return Math.max(now, wholeSecondMs(state.windowStart + Math.max(0, share) * windowSeconds));
  }
  // Not in this window: in the next, once enough of this window's calls have slid out.
  const share = Math.max(0, 1 - (limit - 1) / state.current);
  return wholeSecondMs(state.windowStart + windowSeconds + share * windowSeconds);
}

/** When one more call would be allowed by every limit: null if now, else the first moment (ms) all hold. */
export async function slidingRetryAt(limits: readonly RateLimit[], now = Date.now()): Promise<number | null> {
  const fits = await Promise.all(limits.map(async (limit) => nextFit(limit, await slidingState(limit, now), now)));
  const latest = Math.max(now, ...fits);
  return latest > now ? latest : null;
}

/**
 * Counts one call against every sliding limit if each has room: null when counted, else when to try
 * again (ms). Limits are read first and counted only if all hold; two calls racing for a limit's last
 * place are settled by the conditional ADD (the loser is refused, and may leave another limit counted).
 */
export async function consumeSliding(limits: readonly RateLimit[], now = Date.now()): Promise<number | null> {
  const states = await Promise.all(limits.map((limit) => slidingState(limit, now)));
  const waits = limits.map((limit, i) => nextFit(limit, states[i]!, now));
  const latest = Math.max(now, ...waits);
  if (latest > now) return latest;
  const counted = await Promise.all(limits.map((limit, i) => countIfRoom(limit, states[i]!, now)));
  if (counted.every(Boolean)) return null;
  return (await slidingRetryAt(limits, now)) ?? now + 1000;
}

async function countIfRoom(limit: RateLimit, state: SlidingState, now: number): Promise<boolean> {
  const most = Math.floor(limit.limit - 1 - state.previous * previousWeight(state, limit.windowSeconds, now) + 1e-9);
  if (most < 0) return false;
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('directory'),
        Key: windowKey(limit.scope, state.windowStart),
        ...updateOf<RateWindow>(
          { count: change.add(1), expires_at: change.ifMissing(state.windowStart + limit.windowSeconds * 3) },
          when.or(when.missing('count'), when.atMost('count', most)),
        ),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
