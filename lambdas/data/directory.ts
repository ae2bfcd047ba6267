import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type Membership, membershipSchema } from '../../shared/api/accounts.js';
import { dynamo, tableName } from './clients.js';

/**
 * The directory table holds organisations and memberships (access requests, invites, platform
 * admins and billing live beside them). Keys:
 * - organisation: pk=ORG#{org_id} sk=META; gsi1pk=PAYEE#{payee_key} gsi1sk=ORG#{org_id}
 * - membership:   pk=ORG#{org_id} sk=MEMBER#{user_id}; gsi1pk=USER#{user_id} gsi1sk=MEMBER#{org_id}
 * One membership item serves both "members of an organisation" (Query pk) and
 * "memberships of a user" (Query gsi1), so the two views cannot disagree.
 */
export interface Organisation {
  org_id: string;
  org_name: string;
  client_type: 'fi' | 'pmec';
  payee_key: string | null;
  created_at: string;
}

export const orgKey = (orgId: string) => ({ pk: `ORG#${orgId}`, sk: 'META' });
export const memberKey = (orgId: string, userId: string) => ({ pk: `ORG#${orgId}`, sk: `MEMBER#${userId}` });
export const memberIndexKeys = (orgId: string, userId: string) => ({ gsi1pk: `USER#${userId}`, gsi1sk: `MEMBER#${orgId}` });
export const payeeIndexKeys = (payeeKey: string, orgId: string) => ({ gsi1pk: `PAYEE#${payeeKey}`, gsi1sk: `ORG#${orgId}` });

function toMembership(item: Record<string, unknown>): Membership | null {
  const parsed = membershipSchema.safeParse(item);
  return parsed.success ? parsed.data : null;
}

/** Access pattern "memberships of a user": Query gsi1 on USER#{sub}. */
export async function listMembershipsOfUser(userId: string): Promise<Membership[]> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('directory'),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :sk)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':sk': 'MEMBER#' },
    }),
  );
  return (out.Items ?? []).flatMap((item) => toMembership(item) ?? []);
}

/** Access pattern "organisation by payee key": Query gsi1 on PAYEE#{key}. */
export async function findOrganisationByPayeeKey(payeeKey: string): Promise<Organisation | null> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('directory'),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `PAYEE#${payeeKey}` },
      Limit: 1,
    }),
  );
  return (out.Items?.[0] as Organisation | undefined) ?? null;
}

export async function getOrganisation(orgId: string): Promise<Organisation | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: orgKey(orgId) }));
  return (out.Item as Organisation | undefined) ?? null;
}

export async function getMembership(orgId: string, userId: string): Promise<Membership | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: memberKey(orgId, userId), ConsistentRead: true }));
  return out.Item ? toMembership(out.Item) : null;
}

/**
 * Spec part 1 §6: may this user submit for this payee key? Platform admins may submit for any
 * key (checked by the caller); everyone else must be an approved member of the key's organisation.
 */
export async function approvedMembershipForPayeeKey(userId: string, payeeKey: string): Promise<{ org: Organisation; membership: Membership } | null> {
  const org = await findOrganisationByPayeeKey(payeeKey);
  if (!org) return null;
  const membership = await getMembership(org.org_id, userId);
  return membership?.status === 'approved' ? { org, membership } : null;
}
