import { createHash } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionOf, conditionsOf } from '#adapters/dynamo/expressions.js';
import { isConditionFailure } from '#adapters/dynamo/toolkit.js';
import { logger } from '#lib/powertools.js';
import { WEBHOOK_EVENT_PREFIX as EVENT_PREFIX, WEBHOOK_EVENTS, type WebhookEventType } from '#shared/api/webhooks.js';
import { findOrganisationByPayeeKey } from '../directory/organisations.js';
import { getMonthReconciliation } from '../payroll/reconciliation.js';

/**
 * An organisation's webhook events, each written once to the directory table, whose stream fans it out to
 * the organisation's endpoints (lambdas/events/webhook-fanout.ts, STREAM_TRIGGERS):
 * - event: pk=WEBHOOK_EVENT#{event_id} sk=EVENT; expires_at (TTL) drops it after EVENT_DAYS.
 * The event id is a hash of the organisation, the type and the data, so the same change emitted again (a
 * replayed S3 event, a retried handler) is the same item: the conditional put keeps the first, and its
 * `occurred_at`, and the stream sees one INSERT. Data holds ids and statuses only, never an NRC or a name.
 */
export type WebhookData = Record<string, string | number | null>;

const EVENT_DAYS = 3;

const webhookEventSchema = z.object({
  event_id: z.string(),
  org_id: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  occurred_at: z.string(),
});
export type WebhookEvent = z.output<typeof webhookEventSchema>;

const codec = defineCodec('webhook event', webhookEventSchema, (e) => ({ pk: `${EVENT_PREFIX}${e.event_id}`, sk: 'EVENT' }));
const when = conditionsOf<WebhookEvent>();

export const webhookEventId = (orgId: string, type: WebhookEventType, data: WebhookData): string => {
  const canonical = JSON.stringify([orgId, type, Object.entries(data).sort(([a], [b]) => a.localeCompare(b))]);
  return `evt_${createHash('sha256').update(canonical).digest('hex').slice(0, 32)}`;
};

/**
 * Records an event of an organisation for its webhooks (only that organisation's endpoints receive it).
 * Called once the change it tells of is written; a second emission of the same change is a no-op. A failure
 * is logged (an error the alarms see) and not thrown: the change stands, and its request does not fail for it.
 */
export async function emitWebhookEvent(orgId: string, type: WebhookEventType, data: WebhookData, now = new Date()): Promise<void> {
  const event: WebhookEvent = { event_id: webhookEventId(orgId, type, data), org_id: orgId, type, data, occurred_at: now.toISOString() };
  const expires_at = Math.floor(now.getTime() / 1000) + EVENT_DAYS * 86_400;
  try {
    // The data as JSON text: the stream's image then reads back without DynamoDB's typed attributes.
    const { data: _data, ...item } = codec.build(event);
    const Item = { ...item, data_json: JSON.stringify(data), expires_at };
    await dynamo.send(new PutCommand({ TableName: tableName('directory'), Item, ...conditionOf(when.missing('pk')) }));
  } catch (error) {
    if (!isConditionFailure(error))
      logger.error('A webhook event could not be recorded; it is not delivered', { event_id: event.event_id, type, error: String(error) });
  }
}

/** The event a stream record of an event item carries; null for any other record. */
export function webhookEventOf(record: DynamoDBRecord): WebhookEvent | null {
  const image = record.dynamodb?.NewImage;
  if (!image?.pk?.S?.startsWith(EVENT_PREFIX)) return null;
  const data = JSON.parse(image.data_json?.S ?? 'null') as unknown;
  return codec.parse({ event_id: image.event_id?.S, org_id: image.org_id?.S, type: image.type?.S, occurred_at: image.occurred_at?.S, data });
}

/**
 * A month's reconciliation is ready: an event for each lender it names, to that lender's organisation. After an
 * approved replacement of the month's file the data also names which one (`replacement`: 1, 2 …), so the lenders are
 * told again, once for each replacement.
 */
export async function emitReconciliationReady(month: string, payeeKeys: readonly string[], now = new Date(), replacement = 0): Promise<void> {
  for (const payeeKey of new Set(payeeKeys)) {
    const org = await findOrganisationByPayeeKey(payeeKey);
    const data = { month, payee_key: payeeKey, ...(replacement ? { replacement } : {}) };
    if (org) await emitWebhookEvent(org.org_id, 'reconciliation.ready', data, now);
  }
}

/** The month's recorded file, once it replaced another (an approval, or its follow-up run again): its lenders told again. */
export async function emitReplacementReady(month: string, uploadId: string, now = new Date()): Promise<void> {
  const record = await getMonthReconciliation(month);
  if (record?.upload_id !== uploadId || !record.replaced?.length) return;
  await emitReconciliationReady(
    month,
    record.by_lender.map((lender) => lender.payee_key),
    now,
    record.replaced.length,
  );
}
