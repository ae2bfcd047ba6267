import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './clients.js';
import { isConditionFailure } from './dynamo.js';
import { listUserMemberships, type MemberItem, memberKey } from './memberships.js';

/**
 * The accepting side of team invites. An invite is a membership item (memberships.ts) whose status is
 * 'invited'; accepting it makes it 'approved' and stamps accepted_at.
 */

/**
 * Access pattern "memberships of a user" (gsi1), keeping those that came from an invite: still
 * invited, or approved by accepting (so a retried acceptance can finish what a failed one began).
 */
export async function listInviteMemberships(userId: string): Promise<MemberItem[]> {
  return (await listUserMemberships(userId)).filter((m) => m.status === 'invited' || (m.status === 'approved' && m.accepted_at));
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
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Moves one membership from invited to rejected (declined by the person). Answers false when it is no longer invited. */
export async function declineInvitedMembership(orgId: string, userId: string, now = new Date().toISOString()): Promise<boolean> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('directory'),
        Key: memberKey(orgId, userId),
        UpdateExpression: 'SET #status = :rejected, is_approved = :no, decided_at = :now, declined_at = :now',
        ConditionExpression: '#status = :invited',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':rejected': 'rejected', ':invited': 'invited', ':no': false, ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
