import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { conditionOf, conditionsOf, updateOf } from '#adapters/dynamo/expressions.js';
import { readOf, type Stored } from '#adapters/dynamo/queries.js';
import { isConditionFailure, scanAll } from '#adapters/dynamo/toolkit.js';
import { normaliseRoles, type Role, roleFitsOrganisation } from '#shared/roles.js';
import { notificationPut, type QueuedEvent } from '../notifications/outbox.js';
import { getMember, LIVE_STATUSES, memberCodec, type MemberItem, memberKey, whenMember as when } from './memberships.js';
import type { Organisation } from './organisations.js';

/** Team changes: memberships written by organisation admins (the entity is memberships.ts). */
export class MembershipExistsError extends Error {
  constructor(readonly existing: MemberItem | null) {
    super('membership exists');
  }
}

/**
 * Writes a new membership unless a live one (pending, invited, approved) exists for this user
 * in this organisation; a removed or rejected one is replaced. Throws MembershipExistsError.
 * `notify` names the notification the new membership sends: its outbox item commits with it or not at all.
 */
export async function createMembership(
  org: Organisation,
  user: { user_id: string; email: string },
  role: Role,
  status: 'invited' | 'approved',
  addedBy: string,
  notify?: (member: MemberItem) => QueuedEvent,
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
    const put = {
      TableName: tableName('directory'),
      Item: memberCodec.build(item),
      ...conditionOf(when.or(when.missing('pk'), when.not(when.isIn('status', ['pending', 'invited', 'approved'])))),
    };
    await dynamo.send(new TransactWriteCommand({ TransactItems: [{ Put: put }, ...(notify ? [notificationPut(notify(item))] : [])] }));
  } catch (error) {
    if (isConditionFailure(error, 0)) throw new MembershipExistsError(await getMember(org.org_id, user.user_id));
    throw error;
  }
  return item;
}

/** Changes an approved membership's role, only while it is approved with the role it was read with. Answers false otherwise. */
export async function changeMemberRole(member: MemberItem, role: Role, by: string): Promise<boolean> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('directory'),
        Key: memberKey(member.org_id, member.user_id),
        ...updateOf(
          { role, role_changed_at: new Date().toISOString(), role_changed_by: by },
          when.and(when.is('status', 'approved'), when.is('role', member.role)),
        ),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Marks a membership removed, only if it is still in the status it was read in. Answers false otherwise. */
export async function markMemberRemoved(member: MemberItem, by: string): Promise<boolean> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('directory'),
        Key: memberKey(member.org_id, member.user_id),
        ...updateOf({ status: 'removed', is_approved: false, decided_at: new Date().toISOString(), removed_by: by }, when.is('status', member.status)),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export interface DirectoryCensus {
  /** Distinct approved members per client type and role. */
  members: Record<'fi' | 'pmec', Partial<Record<Role, number>>>;
  organisations: Record<'fi' | 'pmec', number>;
}

/** The conditions on a directory item read by a Scan: its keys say what it is. */
const scanned = conditionsOf<Stored<MemberItem>>();

/**
 * Counts for the admin dashboard: one filtered Scan of organisations and approved memberships.
 * Fine at this scale (hundreds of organisations, thousands of staff); past that, keep counters.
 */
export async function directoryCensus(): Promise<DirectoryCensus> {
  const seen = { fi: new Map<Role, Set<string>>(), pmec: new Map<Role, Set<string>>() };
  const organisations = { fi: 0, pmec: 0 };
  const items = await scanAll({
    TableName: tableName('directory'),
    ...readOf<MemberItem>({
      filter: scanned.and(
        scanned.beginsWith('pk', 'ORG#'),
        scanned.or(scanned.is('sk', 'META'), scanned.and(scanned.beginsWith('sk', 'MEMBER#'), scanned.is('status', 'approved'))),
      ),
      project: ['sk', 'client_type', 'status', 'role', 'user_id'],
    }),
  });
  for (const item of items) {
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
  const counts = (type: 'fi' | 'pmec') => Object.fromEntries([...seen[type]].map(([role, users]) => [role, users.size]));
  return { members: { fi: counts('fi'), pmec: counts('pmec') }, organisations };
}

/**
 * Live memberships (pending, invited, approved) whose role the organisation's kind does not hold, for
 * platform admins to fix: one filtered Scan of memberships, as the census is, fine at this scale.
 */
export async function listRoleMismatches(): Promise<MemberItem[]> {
  const items = await scanAll({
    TableName: tableName('directory'),
    ...readOf<MemberItem>({
      filter: scanned.and(scanned.beginsWith('pk', 'ORG#'), scanned.beginsWith('sk', 'MEMBER#'), scanned.isIn('status', ['pending', 'invited', 'approved'])),
    }),
  });
  const members = memberCodec.parseAll(items).filter((m) => LIVE_STATUSES.includes(m.status) && !roleFitsOrganisation(m.role, m.client_type));
  return members.sort((a, b) => a.org_name.localeCompare(b.org_name) || a.email.localeCompare(b.email));
}
