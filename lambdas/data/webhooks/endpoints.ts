import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionOf, conditionsOf } from '#adapters/dynamo/expressions.js';
import { queryOf, sortKey } from '#adapters/dynamo/queries.js';
import { isConditionFailure, queryAll } from '#adapters/dynamo/toolkit.js';
import { WEBHOOK_EVENTS } from '#shared/api/webhooks.js';

/**
 * Webhook endpoints in the directory table, in their organisation's partition:
 * - endpoint: pk=ORG#{org_id} sk=WEBHOOK#{id}. Access pattern: "an organisation's endpoints" Query pk
 *   begins_with WEBHOOK# (what each event's fan-out and each retry reads; an organisation holds a handful).
 * The signing secret is kept with it (the platform signs every delivery with it; DynamoDB encrypts it at
 * rest) and is answered only by the route that made it.
 */
const webhookRecordSchema = z.object({
  id: z.string(),
  org_id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  secret: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  rotated_at: z.string().nullable().default(null),
});
export type WebhookRecord = z.output<typeof webhookRecordSchema>;

const key = (orgId: string, id: string) => ({ pk: `ORG#${orgId}`, sk: `WEBHOOK#${id}` });
const codec = defineCodec('webhook endpoint', webhookRecordSchema, (w) => key(w.org_id, w.id));
const when = conditionsOf<WebhookRecord>();

/** Every endpoint of an organisation, oldest first. */
export async function listWebhookRecords(orgId: string): Promise<WebhookRecord[]> {
  const items = await queryAll({
    TableName: tableName('directory'),
    ...queryOf({ pk: `ORG#${orgId}`, sk: sortKey.beginsWith('WEBHOOK#') }),
  });
  return codec.parseAll(items).sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** A new endpoint (its id is new: never over another). */
export async function putWebhookRecord(record: WebhookRecord): Promise<void> {
  await dynamo.send(new PutCommand({ TableName: tableName('directory'), Item: codec.build(record), ...conditionOf(when.missing('pk')) }));
}

/** An endpoint with a new secret; false when it was deleted meanwhile. */
export async function replaceWebhookSecret(record: WebhookRecord, secret: string, at: string): Promise<WebhookRecord | null> {
  const next = { ...record, secret, rotated_at: at };
  try {
    await dynamo.send(new PutCommand({ TableName: tableName('directory'), Item: codec.build(next), ...conditionOf(when.exists('pk')) }));
    return next;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

export async function deleteWebhookRecord(record: WebhookRecord): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: tableName('directory'), Key: key(record.org_id, record.id) }));
}
