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

/** The HTTP API stage's throttle: requests per second, steady and burst, over every route. */
export const API_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;

/** How many times Lambda retries a failed asynchronous (S3) event before the dead-letter queue. */
export const EVENT_RETRIES = 2;
