import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { change, conditionOf, conditionsOf, updateOf } from '#adapters/dynamo/expressions.js';
import { queryOf, sortKey } from '#adapters/dynamo/queries.js';
import { isConditionFailure, queryAll, retrying } from '#adapters/dynamo/toolkit.js';
import { PLATFORM_ROLES, type PlatformRole } from '#shared/api/admin.js';

/**
 * Platform-admin records in the directory table (spec part 2 §3 "admin_users"). Roles themselves
 * are Cognito groups; these records carry who and when, and guard the last super_admin.
 * - record:  pk=PLATFORM_ADMIN#{user_id} sk=ROLE#{role}; gsi2pk=PLATFORM_ADMIN gsi2sk={created_at}#{user_id}#{role}
 *            Access patterns: "roles of a user" Query pk; "every platform admin" Query gsi2 (one fixed partition:
 *            platform admins are a handful of people).
 * - counter: pk=PLATFORM_ADMIN_COUNT sk=ROLE#super_admin, `count` = active super_admin records.
 *            Every record write changes it in the same transaction, and a removal decrements it only
 *            while count > 1, so two concurrent removals can never take away the last super_admin.
 * A removal first marks the record `removing` (with the guarded decrement), then the caller takes
 * the Cognito group away, then deletes the record: while it exists, reconciling from the groups
 * cannot count the same person twice.
 */
const platformAdminSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  role: z.enum(PLATFORM_ROLES),
  /** 'invited': waiting for the person's consent (platform-admin-invitations.ts); grants nothing. */
  status: z.enum(['active', 'removing', 'invited']),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export type PlatformAdminRecord = z.output<typeof platformAdminSchema>;
/** The record's item: the record, and what a removal and an acceptance stamp beside it that no reader reads back. */
type PlatformAdminItem = PlatformAdminRecord & { removing_by?: string; removing_at?: string; accepted_at?: string };
/** The conditions on a platform admin's item. */
export const whenPlatformAdmin = conditionsOf<PlatformAdminItem>();
const when = whenPlatformAdmin;
/** The counter of active super_admins. */
interface SuperAdminCount {
  count: number;
}
const whenCount = conditionsOf<SuperAdminCount>();

export const recordKey = (userId: string, role: PlatformRole) => ({ pk: `PLATFORM_ADMIN#${userId}`, sk: `ROLE#${role}` });
/** An invitation is not listed among the admins (gsi2 PLATFORM_ADMIN) until it is accepted: it is listed apart. */
export const listedKeys = (userId: string, role: PlatformRole, at: string) => ({ gsi2pk: 'PLATFORM_ADMIN', gsi2sk: `${at}#${userId}#${role}` });
const invitationKeys = (userId: string, role: PlatformRole, at: string) => ({ gsi2pk: 'PLATFORM_ADMIN_INVITATION', gsi2sk: `${at}#${userId}#${role}` });
export const platformAdminCodec = defineCodec('platform admin', platformAdminSchema, (r) => ({
  ...recordKey(r.user_id, r.role),
  ...(r.status === 'invited' ? invitationKeys(r.user_id, r.role, r.created_at) : listedKeys(r.user_id, r.role, r.created_at)),
}));
const COUNTER_KEY = { pk: 'PLATFORM_ADMIN_COUNT', sk: 'ROLE#super_admin' };
/** One more active super_admin: the counter's half of a record's transaction. */
export const countSuperAdminUp = () => ({
  Update: { TableName: tableName('directory'), Key: COUNTER_KEY, ...updateOf<SuperAdminCount>({ count: change.add(1) }) },
});

export class LastSuperAdminError extends Error {}

/**
 * Access pattern "every platform admin": Query gsi2 PLATFORM_ADMIN; `invitations`: the invitations waiting
 * for an answer (gsi2 PLATFORM_ADMIN_INVITATION) instead.
 */
export async function listPlatformAdminRecords(which: 'admins' | 'invitations' = 'admins'): Promise<PlatformAdminRecord[]> {
  const items = await queryAll({
    TableName: tableName('directory'),
    ...queryOf({ IndexName: 'gsi2', pk: which === 'admins' ? 'PLATFORM_ADMIN' : 'PLATFORM_ADMIN_INVITATION' }),
  });
  return platformAdminCodec.parseAll(items).filter((r) => (which === 'admins' ? r.status !== 'invited' : r.status === 'invited'));
}

/** Access pattern "platform roles of a user": Query pk. */
export async function platformAdminRecordsOfUser(userId: string): Promise<PlatformAdminRecord[]> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('directory'),
      ...queryOf({ pk: `PLATFORM_ADMIN#${userId}`, sk: sortKey.beginsWith('ROLE#') }),
      ConsistentRead: true,
    }),
  );
  return platformAdminCodec.parseAll(out.Items);
}

export async function getPlatformAdminRecord(userId: string, role: PlatformRole): Promise<PlatformAdminRecord | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: recordKey(userId, role), ConsistentRead: true }));
  return platformAdminCodec.parse(out.Item);
}

/**
 * Writes the record unless one exists (any status); a super_admin record also counts up.
 * Answers whether it wrote. Idempotent, so seeding and reconciling can repeat it.
 */
export async function ensurePlatformAdminRecord(input: {
  user_id: string;
  email: string;
  role: PlatformRole;
  created_by: string | null;
  created_at?: string;
}): Promise<boolean> {
  const created_at = input.created_at ?? new Date().toISOString();
  const record: PlatformAdminRecord = {
    user_id: input.user_id,
    email: input.email,
    role: input.role,
    status: 'active',
    created_at,
    created_by: input.created_by,
  };
  const put = { Put: { TableName: tableName('directory'), Item: platformAdminCodec.build(record), ...conditionOf(when.missing('pk')) } };
  const count = countSuperAdminUp();
  try {
    await retrying(() => dynamo.send(new TransactWriteCommand({ TransactItems: input.role === 'super_admin' ? [put, count] : [put] })));
    return true;
  } catch (error) {
    if (isConditionFailure(error, 0)) return false;
    throw error;
  }
}

/**
 * Step 1 of a removal: marks the record `removing`; for a super_admin, in the same transaction,
 * counts down only while more than one remains. Throws LastSuperAdminError otherwise. Answers
 * false when the record was already `removing` (a retry of an interrupted removal).
 */
export async function beginPlatformAdminRemoval(userId: string, role: PlatformRole, by: string): Promise<boolean> {
  const mark = {
    Update: {
      TableName: tableName('directory'),
      Key: recordKey(userId, role),
      ...updateOf({ status: 'removing', removing_by: by, removing_at: new Date().toISOString() }, when.is('status', 'active')),
    },
  };
  const guard = {
    Update: {
      TableName: tableName('directory'),
      Key: COUNTER_KEY,
      ...updateOf({ count: change.subtract(1) }, whenCount.above('count', 1)),
    },
  };
  try {
    await retrying(() => dynamo.send(new TransactWriteCommand({ TransactItems: role === 'super_admin' ? [mark, guard] : [mark] })));
    return true;
  } catch (error) {
    if (isConditionFailure(error, 1)) throw new LastSuperAdminError();
    if (isConditionFailure(error, 0)) return false;
    throw error;
  }
}

/** Deletes a record only while it has this status. Answers whether it deleted. */
export async function deleteRecordIn(userId: string, role: PlatformRole, status: PlatformAdminRecord['status']): Promise<boolean> {
  try {
    await dynamo.send(
      new DeleteCommand({
        TableName: tableName('directory'),
        Key: recordKey(userId, role),
        ...conditionOf(when.is('status', status)),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Step 3 of a removal, once the Cognito group is gone. */
export async function finishPlatformAdminRemoval(userId: string, role: PlatformRole): Promise<void> {
  await deleteRecordIn(userId, role, 'removing');
}

/** Undoes step 1 when the Cognito group could not be taken away. */
export async function cancelPlatformAdminRemoval(userId: string, role: PlatformRole): Promise<void> {
  const restore = {
    Update: {
      TableName: tableName('directory'),
      Key: recordKey(userId, role),
      ...updateOf({ status: 'active', removing_by: change.remove(), removing_at: change.remove() }, when.is('status', 'removing')),
    },
  };
  const count = countSuperAdminUp();
  await retrying(() => dynamo.send(new TransactWriteCommand({ TransactItems: role === 'super_admin' ? [restore, count] : [restore] })));
}
