import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { conditionOf, updateOf } from '#adapters/dynamo/expressions.js';
import { isConditionFailure, retrying } from '#adapters/dynamo/toolkit.js';
import type { PlatformRole } from '#shared/api/admin.js';
import { notificationPut, type QueuedEvent } from '../notifications/outbox.js';
import {
  countSuperAdminUp,
  deleteRecordIn,
  listedKeys,
  platformAdminCodec,
  platformAdminRecordsOfUser,
  recordKey,
  whenPlatformAdmin as when,
} from './platform-admins.js';

/**
 * Platform-admin invitations: a platform-admin record (platform-admins.ts, pk=PLATFORM_ADMIN#{user_id}
 * sk=ROLE#{role}) with status 'invited', written when an existing account is asked to become a platform
 * admin. It grants nothing and is not counted until the person accepts; declining deletes it.
 */

/**
 * Writes the invitation unless a record of this role exists (any status). Answers its time, or null when it wrote nothing.
 * `notify` names the notification it sends: its outbox item commits with the invitation or not at all.
 */
export async function invitePlatformAdmin(
  input: { user_id: string; email: string; role: PlatformRole; created_by: string },
  notify?: (createdAt: string) => QueuedEvent,
): Promise<string | null> {
  const created_at = new Date().toISOString();
  const put = {
    TableName: tableName('directory'),
    Item: platformAdminCodec.build({
      user_id: input.user_id,
      email: input.email,
      role: input.role,
      status: 'invited',
      created_at,
      created_by: input.created_by,
    }),
    ...conditionOf(when.missing('pk')),
  };
  try {
    await dynamo.send(new TransactWriteCommand({ TransactItems: [{ Put: put }, ...(notify ? [notificationPut(notify(created_at))] : [])] }));
    return created_at;
  } catch (error) {
    if (isConditionFailure(error, 0)) return null;
    throw error;
  }
}

/** Platform roles waiting for the person's consent. */
export async function platformInvitationsOf(userId: string): Promise<PlatformRole[]> {
  return (await platformAdminRecordsOfUser(userId)).filter((r) => r.status === 'invited').map((r) => r.role);
}

/**
 * Accepts one invitation: the record becomes active and listed (gsi2) and, for super_admin, counted, in
 * one transaction. Answers false when it is no longer invited (accepted before, or withdrawn).
 */
export async function acceptPlatformInvitation(userId: string, role: PlatformRole, now = new Date().toISOString()): Promise<boolean> {
  const listed = listedKeys(userId, role, now);
  const activate = {
    Update: {
      TableName: tableName('directory'),
      Key: recordKey(userId, role),
      ...updateOf({ status: 'active', ...listed, accepted_at: now }, when.is('status', 'invited')),
    },
  };
  try {
    await retrying(() => dynamo.send(new TransactWriteCommand({ TransactItems: role === 'super_admin' ? [activate, countSuperAdminUp()] : [activate] })));
    return true;
  } catch (error) {
    if (isConditionFailure(error, 0)) return false;
    throw error;
  }
}

/** Declines one invitation: the record goes. Answers false when there was none waiting. */
export const declinePlatformInvitation = (userId: string, role: PlatformRole): Promise<boolean> => deleteRecordIn(userId, role, 'invited');
