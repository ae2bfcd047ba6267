import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { queryOf } from '#adapters/dynamo/queries.js';
import { queryAll } from '#adapters/dynamo/toolkit.js';
import { PRICING_KINDS } from '#shared/api/dashboard.js';

/**
 * Billing plans in the directory table, one per organisation, set by platform admins:
 * - an organisation's plan: pk=ORG#{org_id} sk=BILLING
 * - every billed organisation: gsi2pk=BILLING gsi2sk=ORG#{org_id} (one partition: hundreds of
 *   organisations at most, read by the platform admins' billing summary)
 * Amounts are kept in ngwee (integers), so a price times a count never drifts by a fraction.
 */
export const billingKey = (orgId: string) => ({ pk: `ORG#${orgId}`, sk: 'BILLING' });
const billingIndexKeys = (orgId: string) => ({ gsi2pk: 'BILLING', gsi2sk: `ORG#${orgId}` });

/** A plan needs its organisation and a name; an amount that is not a positive whole number of ngwee reads as none. */
const orNull = z.string().nullable().catch(null);
const ngwee = z.number().int().positive().nullable().catch(null);
const billingPlanSchema = z.object({
  org_id: z.string(),
  org_name: z.string().default(''),
  payee_key: orNull,
  plan_name: z.string(),
  pricing: z.enum(PRICING_KINDS).catch('per_upload'),
  price_per_upload_ngwee: ngwee,
  flat_fee_ngwee: ngwee,
  currency: z.literal('ZMW').catch('ZMW'),
  updated_at: z.string().default(''),
  updated_by: orNull,
  updated_by_email: orNull,
});
export type StoredBillingPlan = z.output<typeof billingPlanSchema>;
const billingCodec = defineCodec('billing plan', billingPlanSchema, (plan) => ({ ...billingKey(plan.org_id), ...billingIndexKeys(plan.org_id) }));

/** Access pattern "an organisation's plan". */
export async function getBillingPlan(orgId: string): Promise<StoredBillingPlan | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: billingKey(orgId), ConsistentRead: true }));
  return billingCodec.parse(out.Item);
}

/** Sets (or replaces) an organisation's plan; returns the plan it replaced, for the audit entry. */
export async function putBillingPlan(plan: StoredBillingPlan): Promise<StoredBillingPlan | null> {
  const out = await dynamo.send(new PutCommand({ TableName: tableName('directory'), Item: billingCodec.build(plan), ReturnValues: 'ALL_OLD' }));
  return billingCodec.parse(out.Attributes);
}

/** Access pattern "every billed organisation": Query gsi2 BILLING. */
export async function listBillingPlans(): Promise<StoredBillingPlan[]> {
  const items = await queryAll({
    TableName: tableName('directory'),
    ...queryOf({ IndexName: 'gsi2', pk: 'BILLING' }),
  });
  return billingCodec.parseAll(items);
}
