/**
 * How big and how fast the stack lets its functions and its API be: read by the constructs that apply
 * them and by the capacity model (`npm run capacity`), so the model's limits are the stack's own.
 * No CDK imports here: the model loads this without the CDK.
 */
export interface FunctionSize {
  memoryMb: number;
  timeoutSeconds: number;
}

/** A route's Lambda: under the HTTP API's 30 s integration limit. */
export const API_FUNCTION: FunctionSize = { memoryMb: 512, timeoutSeconds: 25 };

/** An S3-triggered function (validation, ingestion): a 100,000-row file in one invocation. */
export const EVENT_FUNCTION: FunctionSize = { memoryMb: 1024, timeoutSeconds: 300 };

/**
 * The HTTP API stage's throttle: requests per second, steady and burst, over every route. Sized so that
 * the deadline burst at ten times today's scale (the capacity model: the browser's validation polls
 * backing off, the peak hour's other requests) uses at most half of it; far below the account's
 * 10,000 a second that API Gateway allows a Region.
 */
export const API_THROTTLE = { rateLimit: 400, burstLimit: 800 } as const;

/** How many times Lambda retries a failed asynchronous (S3) event before the dead-letter queue. */
export const EVENT_RETRIES = 2;

/**
 * The chunked ingestion (lambdas/events/ingest-chunk.ts, rows a chunk in lambdas/data/ingestion/chunks.ts):
 * at most `concurrency` chunks at once (reserved concurrency: the history table's writers are bounded
 * whatever the number of files submitted), and a chunk held back longer than `maxEventAgeSeconds` is
 * dead-lettered, which alarms. The capacity model reads both.
 */
export const INGEST_CHUNKS = { concurrency: 4, maxEventAgeSeconds: 3_600 } as const;

/**
 * The history table's warm throughput, a stack parameter (HistoryWarmWriteUnits): its default, what a new
 * on-demand table serves at once anyway (4,000 WRU/s), leaves the table as it is; the capacity model shows
 * ingestion at `modelled` beside that.
 */
export const HISTORY_WARM_THROUGHPUT = { defaultWriteUnits: 4_000, modelledWriteUnits: 12_000 } as const;

/**
 * A submitted payroll register's chunks (lambdas/events/ingest-register.ts, 25,000 employees a chunk):
 * two at once, so 300,000 employees (600,000 items, 12 chunks) are written at about what a new on-demand
 * table serves, each chunk far within an event function's time.
 */
export const REGISTER_CHUNKS = { concurrency: 2, maxEventAgeSeconds: 3_600 } as const;
