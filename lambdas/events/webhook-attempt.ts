import { type DeliveryRecord, saveDelivery } from '#data/webhooks/deliveries.js';
import type { WebhookRecord } from '#data/webhooks/endpoints.js';
import { webhookHeaders } from '#data/webhooks/signature.js';
import { logger } from '#lib/powertools.js';
import { nextAttemptAt } from '#shared/api/webhooks.js';
import { sendWebhook } from './webhook-send.js';

/**
 * One attempt of a pending delivery. It is claimed first (attempts + 1, the next attempt moved on by the
 * backoff, on the attempts read), so the retry job and the fan-out never send it at once, and a worker that
 * dies mid-send leaves it due again later. A 2xx answer delivers it; anything else keeps it pending until
 * its next attempt, or fails it once the 24 hours of retries are over. An endpoint deleted since fails it.
 */
export async function attemptDelivery(delivery: DeliveryRecord, endpoint: WebhookRecord | null, now = new Date()): Promise<DeliveryRecord | null> {
  const attempts = delivery.attempts + 1;
  const at = now.toISOString();
  if (!endpoint) {
    const gone: DeliveryRecord = { ...delivery, status: 'failed', last_error: 'The endpoint was deleted.', next_attempt_at: null };
    return (await saveDelivery(gone, delivery.attempts)) ? gone : null;
  }
  const next = nextAttemptAt(delivery.created_at, attempts, now);
  const claimed: DeliveryRecord = { ...delivery, attempts, last_attempt_at: at, next_attempt_at: next };
  if (!(await saveDelivery(claimed, delivery.attempts))) return null;

  const outcome = await sendWebhook(endpoint.url, webhookHeaders(endpoint.secret, delivery.event_id, delivery.body, now), delivery.body);
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const after: DeliveryRecord = {
    ...claimed,
    status: ok ? 'delivered' : next ? 'pending' : 'failed',
    last_status_code: outcome.statusCode,
    last_error: ok ? null : (outcome.error ?? `The endpoint answered ${outcome.statusCode}.`),
    next_attempt_at: ok ? null : next,
  };
  if (!ok)
    logger.warn('A webhook delivery failed', {
      event_id: delivery.event_id,
      endpoint_id: delivery.endpoint_id,
      attempts,
      status: outcome.statusCode,
      error: outcome.error,
    });
  return (await saveDelivery(after, attempts)) ? after : null;
}
