import type { ScheduledEvent } from 'aws-lambda';
import { dueDeliveries } from '#data/webhooks/deliveries.js';
import { listWebhookRecords, type WebhookRecord } from '#data/webhooks/endpoints.js';
import { inParallel } from '#lib/concurrency.js';
import { createEventHandler } from '#lib/event-handler.js';
import { attemptDelivery } from './webhook-attempt.js';

/**
 * The webhook retries, run every minute by a schedule (infra/definitions.ts SCHEDULED_JOBS): every pending
 * delivery whose next attempt is due at the schedule's time is attempted again (./webhook-attempt.ts),
 * earliest first, a page at a time.
 */
export async function retryDueDeliveries(now: Date): Promise<{ attempted: number }> {
  const endpoints = new Map<string, Promise<WebhookRecord[]>>();
  let attempted = 0;
  for (let page = 0; page < 10; page++) {
    const due = await dueDeliveries(now);
    if (!due.length) break;
    // Ten at a time: a page of endpoints that do not answer takes ten timeouts, not a hundred.
    await inParallel(due, 10, async (delivery) => {
      if (!endpoints.has(delivery.org_id)) endpoints.set(delivery.org_id, listWebhookRecords(delivery.org_id));
      const endpoint = (await endpoints.get(delivery.org_id)!).find((e) => e.id === delivery.endpoint_id) ?? null;
      if (await attemptDelivery(delivery, endpoint, now)) attempted++;
    });
  }
  return { attempted };
}

/** EventBridge's scheduled event: its `time` is the minute it stands for. */
export const handler = createEventHandler(async (event: Partial<ScheduledEvent>) => retryDueDeliveries(event.time ? new Date(event.time) : new Date()));
