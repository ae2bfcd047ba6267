import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PricingKind } from '../../shared/api/dashboard.js';
import { dynamo, tableName } from './clients.js';
import { queryAll } from './dynamo.js';

/**
 * Billing plans in the directory table, one per organisation, set by platform admins:
 * - an organisation's plan: pk=ORG#{org_id} sk=BILLING
 * - every billed organisation: gsi2pk=BILLING gsi2sk=ORG#{org_id} (one partition: hundreds of
 *   organisations at most, read by the platform admins' billing summary)
 * Amounts are kept in ngwee (integers), so a price times a count never drifts by a fraction.
 */
export interface StoredBillingPlan {
  org_id: string;
  org_name: string;
  payee_key: string | null;
  plan_name: string;
  pricing: PricingKind;
  price_per_upload_ngwee: number | null;
  flat_fee_ngwee: number | null;
  currency: 'ZMW';
  updated_at: string;
  updated_by: string | null;
  updated_by_email: string | null;
}

export const billingKey = (orgId: string) => ({ pk: `ORG#${orgId}`, sk: 'BILLING' });
const billingIndexKeys = (orgId: string) => ({ gsi2pk: 'BILLING', gsi2sk: `ORG#${orgId}` });

const FIELDS: readonly (keyof StoredBillingPlan)[] = [
  'org_id', 'org_name', 'payee_key', 'plan_name', 'pricing', 'price_per_upload_ngwee', 'flat_fee_ngwee', 'currency', 'updated_at', 'updated_by', 'updated_by_email',
];

function toPlan(item: Record<string, unknown> | undefined): StoredBillingPlan | null {
  if (!item || typeof item.org_id !== 'string' || typeof item.plan_name !== 'string') return null;
  const ngwee = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);
  return {
    org_id: item.org_id,
    org_name: String(item.org_name ?? ''),
    payee_key: typeof item.payee_key === 'string' ? item.payee_key : null,
    plan_name: item.plan_name,
    pricing: item.pricing === 'flat' ? 'flat' : 'per_upload',
    price_per_upload_ngwee: ngwee(item.price_per_upload_ngwee),
    flat_fee_ngwee: ngwee(item.flat_fee_ngwee),
    currency: 'ZMW',
    updated_at: String(item.updated_at ?? ''),
    updated_by: typeof item.updated_by === 'string' ? item.updated_by : null,
    updated_by_email: typeof item.updated_by_email === 'string' ? item.updated_by_email : null,
  };
}

/** Access pattern "an organisation's plan". */
export async function getBillingPlan(orgId: string): Promise<StoredBillingPlan | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: billingKey(orgId), ConsistentRead: true }));
  return toPlan(out.Item);
}

/** Sets (or replaces) an organisation's plan; returns the plan it replaced, for the audit entry. */
export async function putBillingPlan(plan: StoredBillingPlan): Promise<StoredBillingPlan | null> {
  const item = Object.fromEntries(FIELDS.map((field) => [field, plan[field]]));
  const out = await dynamo.send(
    new PutCommand({
      TableName: tableName('directory'),
      Item: { ...billingKey(plan.org_id), ...billingIndexKeys(plan.org_id), ...item },
      ReturnValues: 'ALL_OLD',
    }),
  );
  return toPlan(out.Attributes);
}

/** Access pattern "every billed organisation": Query gsi2 BILLING. */
export async function listBillingPlans(): Promise<StoredBillingPlan[]> {
  const items = await queryAll({
    TableName: tableName('directory'),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': 'BILLING' },
  });
  return items.flatMap((item) => toPlan(item) ?? []);
}
