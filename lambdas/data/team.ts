import { DeleteCommand, GetCommand, PutCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TEAM_MEMBER_STATUSES } from '../../shared/api/team.js';
import { normaliseRoles, type Role } from '../../shared/roles.js';
import { dynamo, tableName } from './clients.js';
import { queryAllItems } from './query-pages.js';
import { memberIndexKeys, memberKey, type Organisation } from './directory.js';

/**
 * Team memberships: the membership items of directory.ts (pk=ORG#{org_id} sk=MEMBER#{user_id},
 * gsi1pk=USER#{user_id}). A team invite is a membership with status 'invited'; accepting it
 * (POST /api/team/accept-invite) makes it 'approved' and grants its role.
 * Access patterns: "members of an organisation" Query pk begins_with MEMBER#; "memberships of a
 * user" Query gsi1 USER#{sub}.
 */
export type MemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];

export interface MemberItem {
  org_id: string;
  org_name: string;
  client_type: 'fi' | 'pmec';
  payee_key: string | null;
  user_id: string;
  email: string;
  role: Role;
  status: MemberStatus;
  is_approved: boolean;
  created_at: string | null;
  decided_at: string | null;
  added_by?: string | null;
  removed_by?: string | null;
}

/** Memberships that still hold or await a role. */
export const LIVE_STATUSES: readonly MemberStatus[] = ['pending', 'invited', 'approved'];

function toMember(item: Record<string, unknown>): MemberItem | null {
  const [role] = normaliseRoles([item.role]);
  const status = (TEAM_MEMBER_STATUSES as readonly string[]).includes(String(item.status)) ? (item.status as MemberStatus) : null;
  if (!role || !status || typeof item.org_id !== 'string' || typeof item.user_id !== 'string') return null;
  return {
    org_id: item.org_id,
    org_name: String(item.org_name ?? ''),
    client_type: item.client_type === 'pmec' ? 'pmec' : 'fi',
    payee_key: typeof item.payee_key === 'string' ? item.payee_key : null,
    user_id: item.user_id,
    email: String(item.email ?? ''),
    role,
    status,
    is_approved: status === 'approved',
    created_at: typeof item.created_at === 'string' ? item.created_at : null,
    decided_at: typeof item.decided_at === 'string' ? item.decided_at : null,
    added_by: typeof item.added_by === 'string' ? item.added_by : null,
    removed_by: typeof item.removed_by === 'string' ? item.removed_by : null,
  };
}

/** Access pattern "members of an organisation", every status. */
export async function listOrgMembers(orgId: string): Promise<MemberItem[]> {
  const items = await queryAllItems({
    TableName: tableName('directory'),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
    ExpressionAttributeValues: { ':pk': `ORG#${orgId}`, ':sk': 'MEMBER#' },
    ConsistentRead: true,
  });
  return items.flatMap((item) => toMember(item) ?? []);
}

/** Access pattern "memberships of a user", every status, with their dates. */
export async function listUserMemberItems(userId: string): Promise<MemberItem[]> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('directory'),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :sk)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':sk': 'MEMBER#' },
    }),
  );
  return (out.Items ?? []).flatMap((item) => toMember(item) ?? []);
}

export async function getMember(orgId: string, userId: string): Promise<MemberItem | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: memberKey(orgId, userId), ConsistentRead: true }));
  return out.Item ? toMember(out.Item) : null;
}

/**
 * Spec §6: an organisation admin acts on their own latest approved organisation, i.e. the latest
 * approved membership in which they are an organisation admin.
 */
export async function latestAdminMembership(userId: string): Promise<MemberItem | null> {
  const admin = (await listUserMemberItems(userId)).filter((m) => m.status === 'approved' && (m.role === 'fi_admin' || m.role === 'pmec_admin'));
  const when = (m: MemberItem) => m.decided_at ?? m.created_at ?? '';
  return admin.sort((a, b) => when(b).localeCompare(when(a)))[0] ?? null;
}

export class MembershipExistsError extends Error {
  constructor(readonly existing: MemberItem | null) {
    super('membership exists');
  }
}

/**
 * Writes a new membership unless a live one (pending, invited, approved) exists for this user
 * in this organisation; a removed or rejected one is replaced. Throws MembershipExistsError.
 */
export async function createMembership(
  org: Organisation,
  user: { user_id: string; email: string },
  role: Role,
  status: 'invited' | 'approved',
  addedBy: string,
): Promise<MemberItem> {
  const now = new Date().toISOString();
  const item: MemberItem = {
    org_id: org.org_id,
    org_name: org.org_name,
    client_type: org.client_type,
    payee_key: org.payee_key,
    user_id: user.user_id,
    email: user.email,
    role,
    status,
    is_approved: status === 'approved',
    created_at: now,
    decided_at: status === 'approved' ? now : null,
    added_by: addedBy,
  };
  try {
    await dynamo.send(
      new PutCommand({
        TableName: tableName('directory'),
        Item: { ...memberKey(org.org_id, user.user_id), ...memberIndexKeys(org.org_id, user.user_id), ...item },
        ConditionExpression: 'attribute_not_exists(pk) OR NOT (#status IN (:pending, :invited, :approved))',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending', ':invited': 'invited', ':approved': 'approved' },
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') throw new MembershipExistsError(await getMember(org.org_id, user.user_id));
    throw error;
  }
  return item;
}

/** Marks a membership removed, only if it is still in the status it was read in. Answers false otherwise. */
export async function markMemberRemoved(member: MemberItem, by: string): Promise<boolean> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('directory'),
        Key: memberKey(member.org_id, member.user_id),
        UpdateExpression: 'SET #status = :removed, is_approved = :no, decided_at = :now, removed_by = :by',
        ConditionExpression: '#status = :was',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':removed': 'removed', ':no': false, ':now': new Date().toISOString(), ':by': by, ':was': member.status },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Deletes a membership just written, when the role it was to grant could not be granted. */
export async function deleteNewMember(member: MemberItem): Promise<void> {
  await dynamo.send(
    new DeleteCommand({
      TableName: tableName('directory'),
      Key: memberKey(member.org_id, member.user_id),
      ConditionExpression: 'created_at = :at',
      ExpressionAttributeValues: { ':at': member.created_at },
    }),
  );
}

export interface DirectoryCensus {
  /** Distinct approved members per client type and role. */
  members: Record<'fi' | 'pmec', Partial<Record<Role, number>>>;
  organisations: Record<'fi' | 'pmec', number>;
}

/**
 * Counts for the admin dashboard: one filtered Scan of organisations and approved memberships.
 * Fine at this scale (hundreds of organisations, thousands of staff); past that, keep counters.
 */
export async function directoryCensus(): Promise<DirectoryCensus> {
  const seen = { fi: new Map<Role, Set<string>>(), pmec: new Map<Role, Set<string>>() };
  const organisations = { fi: 0, pmec: 0 };
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo.send(
      new ScanCommand({
        TableName: tableName('directory'),
        FilterExpression: 'begins_with(pk, :org) AND (sk = :meta OR (begins_with(sk, :member) AND #status = :approved))',
        ExpressionAttributeValues: { ':org': 'ORG#', ':meta': 'META', ':member': 'MEMBER#', ':approved': 'approved' },
        ProjectionExpression: 'sk, client_type, #status, #role, user_id',
        ExpressionAttributeNames: { '#status': 'status', '#role': 'role' },
        ExclusiveStartKey,
      }),
    );
    for (const item of out.Items ?? []) {
      const type = item.client_type === 'pmec' ? 'pmec' : 'fi';
      if (item.sk === 'META') organisations[type]++;
      else {
        const [role] = normaliseRoles([item.role]);
        if (!role || typeof item.user_id !== 'string') continue;
        const users = seen[type].get(role) ?? new Set<string>();
        users.add(item.user_id);
        seen[type].set(role, users);
      }
    }
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  const counts = (type: 'fi' | 'pmec') => Object.fromEntries([...seen[type]].map(([role, users]) => [role, users.size]));
  return { members: { fi: counts('fi'), pmec: counts('pmec') }, organisations };
}
