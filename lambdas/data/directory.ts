import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './clients.js';
import { getMember, type MemberItem } from './memberships.js';

/**
 * Organisations, in the directory table (memberships, access requests, platform admins and billing
 * live beside them, each in its own file):
 * - organisation: pk=ORG#{org_id} sk=META; gsi1pk=PAYEE#{payee_key} gsi1sk=ORG#{org_id}
 * Access patterns: "organisation by id" GetItem; "organisation by payee key" Query gsi1 PAYEE#{key}.
 */
export interface Organisation {
  org_id: string;
  org_name: string;
  client_type: 'fi' | 'pmec';
  payee_key: string | null;
  created_at: string;
}

export const orgKey = (orgId: string) => ({ pk: `ORG#${orgId}`, sk: 'META' });
export const payeeIndexKeys = (payeeKey: string, orgId: string) => ({ gsi1pk: `PAYEE#${payeeKey}`, gsi1sk: `ORG#${orgId}` });

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

/**
 * Spec part 1 §6: may this user submit for this payee key? Platform admins may submit for any
 * key (checked by the caller); everyone else must be an approved member of the key's organisation.
 */
export async function approvedMembershipForPayeeKey(userId: string, payeeKey: string): Promise<{ org: Organisation; membership: MemberItem } | null> {
  const org = await findOrganisationByPayeeKey(payeeKey);
  if (!org) return null;
  const membership = await getMember(org.org_id, userId);
  return membership?.status === 'approved' ? { org, membership } : null;
}
