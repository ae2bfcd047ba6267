import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_HEADERS } from '#shared/api/webhooks.js';

/**
 * A delivery's signature: HMAC-SHA256, keyed with the endpoint's secret (its text, as shown), of
 * `${timestamp}.${body}` where timestamp is the Unix time in seconds sent in Payroll-Webhook-Timestamp;
 * sent as `v1=<hex>`. Signing the timestamp with the body lets a receiver refuse an old delivery replayed
 * by someone who captured it. The recipe that checks it is in docs/features/integration-guide.md.
 */
export const signWebhook = (secret: string, timestamp: number, body: string): string =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** A new signing secret: 32 random bytes, prefixed so that it is recognisable in a secrets store. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** The headers of one attempt of a delivery. */
export function webhookHeaders(secret: string, eventId: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'PayrollDeductions-Webhooks/1',
    [WEBHOOK_HEADERS.id]: eventId,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: signWebhook(secret, timestamp, body),
  };
}

/**
 * Whether endpoints on the platform's own machine (http://localhost, 127.0.0.1) may be registered and called:
 * only where the deployment sets WEBHOOK_LOOPBACK_ALLOWED=1, for a receiver beside a platform run on one
 * machine; the stack never sets it, so in AWS every loopback and private address is refused.
 */
export const loopbackAllowed = (): boolean => process.env.WEBHOOK_LOOPBACK_ALLOWED === '1';
