import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { createDelivery, type DeliveryRecord } from '#data/webhooks/deliveries.js';
import { listWebhookRecords } from '#data/webhooks/endpoints.js';
import { type WebhookEvent, webhookEventOf } from '#data/webhooks/events.js';
import { inParallel } from '#lib/concurrency.js';
import { createEventHandler } from '#lib/event-handler.js';
import { logger } from '#lib/powertools.js';
import { attemptDelivery } from './webhook-attempt.js';

/**
 * The directory table's stream, through its event source mapping (infra/definitions.ts STREAM_TRIGGERS):
 * each webhook event (lambdas/data/webhooks/events.ts) becomes one delivery per endpoint of its
 * organisation that chose its type, created once (a conditional put: a replayed record or a retried batch
 * finds it there and sends nothing), then attempted at once. Later attempts are the retry job's
 * (./webhook-retry.ts). A record whose deliveries could not be written is reported failed and retried.
 */
export const handler = createEventHandler(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const webhookEvent = webhookEventOf(record);
    if (!webhookEvent) continue;
    try {
      await fanOut(webhookEvent);
    } catch (error) {
      logger.error('A webhook event could not be fanned out; the record will be retried', { event_id: webhookEvent.event_id, error: String(error) });
      batchItemFailures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' });
    }
  }
  return { batchItemFailures };
});

/** The JSON a receiver gets: the event's id, type and time, its organisation and its data (ids and statuses). */
export const webhookBody = (event: WebhookEvent): string =>
  JSON.stringify({ id: event.event_id, type: event.type, created_at: event.occurred_at, organisation_id: event.org_id, data: event.data });

async function fanOut(event: WebhookEvent): Promise<void> {
  const endpoints = (await listWebhookRecords(event.org_id)).filter((e) => e.events.includes(event.type));
  // Side by side: one slow endpoint (at most WEBHOOK_TIMEOUT_MS) holds up neither the others nor the shard for long.
  await inParallel(endpoints, endpoints.length, async (endpoint) => {
    const delivery: DeliveryRecord = {
      endpoint_id: endpoint.id,
      org_id: event.org_id,
      event_id: event.event_id,
      type: event.type,
      body: webhookBody(event),
      status: 'pending',
      attempts: 0,
      last_status_code: null,
      last_error: null,
      last_attempt_at: null,
      next_attempt_at: event.occurred_at,
      created_at: event.occurred_at,
    };
    if (await createDelivery(delivery)) await attemptDelivery(delivery, endpoint);
  });
}
