import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { updateOf } from '#adapters/dynamo/expressions.js';
import { isConditionFailure } from '#adapters/dynamo/toolkit.js';
import { listUserMemberships, type MemberItem, memberKey, whenMember as when } from './memberships.js';

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
 * Moves one membership out of 'invited', conditioned on it still being invited: accepted makes it
 * approved, declined makes it rejected. Answers false when it is no longer invited (answered by an
 * earlier call, or withdrawn meanwhile), so retries change nothing.
 */
async function answerInvitation(orgId: string, userId: string, answer: 'accepted' | 'declined', now: string): Promise<boolean> {
  const to =
    answer === 'accepted'
      ? ({ status: 'approved', is_approved: true, accepted_at: now } as const)
      : ({ status: 'rejected', is_approved: false, declined_at: now } as const);
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('directory'),
        Key: memberKey(orgId, userId),
        ...updateOf({ ...to, decided_at: now }, when.is('status', 'invited')),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Moves one membership from invited to approved (stamping accepted_at). */
export const approveInvitedMembership = (orgId: string, userId: string, now = new Date().toISOString()) => answerInvitation(orgId, userId, 'accepted', now);

/** Moves one membership from invited to rejected: declined by the person (stamping declined_at). */
export const declineInvitedMembership = (orgId: string, userId: string, now = new Date().toISOString()) => answerInvitation(orgId, userId, 'declined', now);
