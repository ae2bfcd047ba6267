import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { normaliseRoles, type Role } from '../../shared/roles.js';
import { dynamo, tableName } from './clients.js';
import { memberKey } from './directory.js';

/**
 * The accepting side of team invites. An invite is a membership item (directory.ts keys:
 * pk=ORG#{org_id} sk=MEMBER#{sub}, gsi1pk=USER#{sub}) whose status is 'invited'; accepting it
 * makes it 'approved'.
 */
export interface InviteMembership {
  org_id: string;
  org_name: string;
  role: Role;
  /** 'approved' once accepted (accepted_at set). */
  status: 'invited' | 'approved';
}

/**
 * Access pattern "memberships of a user" (gsi1), keeping those that came from an invite: still
 * invited, or approved by accepting (so a retried acceptance can finish what a failed one began).
 */
export async function listInviteMemberships(userId: string): Promise<InviteMembership[]> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('directory'),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :sk)',
      FilterExpression: '#status = :invited OR (#status = :approved AND attribute_exists(accepted_at))',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':sk': 'MEMBER#', ':invited': 'invited', ':approved': 'approved' },
    }),
  );
  return (out.Items ?? []).flatMap((item) => {
    const [role] = normaliseRoles([item.role]);
    if (typeof item.org_id !== 'string' || !role) return [];
    return [{ org_id: item.org_id, org_name: String(item.org_name ?? ''), role, status: item.status === 'approved' ? 'approved' : 'invited' } as const];
  });
}

/**
 * Moves one membership from invited to approved. Answers false when it is no longer invited
 * (accepted by an earlier call, or withdrawn meanwhile), so retries change nothing.
 */
export async function approveInvitedMembership(orgId: string, userId: string, now = new Date().toISOString()): Promise<boolean> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('directory'),
        Key: memberKey(orgId, userId),
        UpdateExpression: 'SET #status = :approved, is_approved = :yes, decided_at = :now, accepted_at = :now',
        ConditionExpression: '#status = :invited',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':approved': 'approved', ':invited': 'invited', ':yes': true, ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException || (error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
