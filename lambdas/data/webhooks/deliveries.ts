import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionOf, conditionsOf } from '#adapters/dynamo/expressions.js';
import { queryOf, sortKey } from '#adapters/dynamo/queries.js';
import { isConditionFailure } from '#adapters/dynamo/toolkit.js';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from '#shared/api/webhooks.js';

/**
 * One event's delivery to one endpoint, in the directory table:
 * - delivery: pk=WEBHOOK#{endpoint_id} sk=DELIVERY#{occurred_at}#{event_id}; the event's own time and id, so
 *   an event fanned out again lands on the same item (created once, conditionally). "An endpoint's latest
 *   deliveries": Query pk, newest first. expires_at (TTL) drops it after DELIVERY_DAYS.
 * - while pending it is in gsi1 under gsi1pk=WEBHOOK_DUE gsi1sk={next_attempt_at}: "the deliveries due now",
 *   what the retry job reads each minute (a sparse index: a delivered or failed item leaves it).
 * Every change is a whole Put on the attempts it read (optimistic), so of two workers one attempts.
 */
const DELIVERY_DAYS = 30;
const DUE = 'WEBHOOK_DUE';

const deliverySchema = z.object({
  endpoint_id: z.string(),
  org_id: z.string(),
  event_id: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  /** The JSON body sent, the same at every attempt (only the timestamp and signature change). */
  body: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type DeliveryRecord = z.output<typeof deliverySchema>;

const key = (d: Pick<DeliveryRecord, 'endpoint_id' | 'created_at' | 'event_id'>) => ({
  pk: `WEBHOOK#${d.endpoint_id}`,
  sk: `DELIVERY#${d.created_at}#${d.event_id}`,
});
const codec = defineCodec('webhook delivery', deliverySchema, (d) => ({
  ...key(d),
  ...(d.status === 'pending' && d.next_attempt_at ? { gsi1pk: DUE, gsi1sk: d.next_attempt_at } : {}),
  expires_at: Math.floor(Date.parse(d.created_at) / 1000) + DELIVERY_DAYS * 86_400,
}));
const when = conditionsOf<DeliveryRecord>();

/** Creates a delivery; false when this event already has one for this endpoint (a replay). */
export async function createDelivery(record: DeliveryRecord): Promise<boolean> {
  try {
    await dynamo.send(new PutCommand({ TableName: tableName('directory'), Item: codec.build(record), ...conditionOf(when.missing('pk')) }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Writes the next state of a delivery read with `attempts` attempts; false when another worker changed it since. */
export async function saveDelivery(next: DeliveryRecord, readAttempts: number): Promise<boolean> {
  try {
    await dynamo.send(
      new PutCommand({
        TableName: tableName('directory'),
        Item: codec.build(next),
        ...conditionOf(when.and(when.is('attempts', readAttempts), when.is('status', 'pending'))),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** An endpoint's latest deliveries, newest first. */
export async function listDeliveries(endpointId: string, limit = 50): Promise<DeliveryRecord[]> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('directory'),
      ...queryOf({ pk: `WEBHOOK#${endpointId}`, sk: sortKey.beginsWith('DELIVERY#') }),
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return codec.parseAll(out.Items);
}

/** Pending deliveries whose next attempt is at or before `now`, earliest first (one page). */
export async function dueDeliveries(now: Date, limit = 100): Promise<DeliveryRecord[]> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('directory'),
      ...queryOf({ IndexName: 'gsi1', pk: DUE, sk: sortKey.atMost(now.toISOString()) }),
      Limit: limit,
    }),
  );
  return codec.parseAll(out.Items);
}
