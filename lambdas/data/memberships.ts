import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TEAM_MEMBER_STATUSES } from '../../shared/api/team.js';
import { normaliseRoles, type Role } from '../../shared/roles.js';
import { dynamo, tableName } from './clients.js';
import { queryAll } from './dynamo.js';

/**
 * Memberships, in the directory table beside their organisations (directory.ts):
 *   pk=ORG#{org_id} sk=MEMBER#{user_id}; gsi1pk=USER#{user_id} gsi1sk=MEMBER#{org_id}
 * Access patterns: "members of an organisation" Query pk begins_with MEMBER#; "memberships of a user"
 * Query gsi1 USER#{sub}. One item serves both, so the two views cannot disagree. A team invite is a
 * membership with status 'invited'; accepting it makes it 'approved' (invite-acceptance.ts). Every
 * reader parses items here, into MemberItem.
 */
export const memberKey = (orgId: string, userId: string) => ({ pk: `ORG#${orgId}`, sk: `MEMBER#${userId}` });
export const memberIndexKeys = (orgId: string, userId: string) => ({ gsi1pk: `USER#${userId}`, gsi1sk: `MEMBER#${orgId}` });

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
  /** Set when an invite was accepted (POST /api/team/accept-invite). */
  accepted_at?: string | null;
}

/** Memberships that still hold or await a role. */
export const LIVE_STATUSES: readonly MemberStatus[] = ['pending', 'invited', 'approved'];

export function toMember(item: Record<string, unknown>): MemberItem | null {
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
    accepted_at: typeof item.accepted_at === 'string' ? item.accepted_at : null,
  };
}

/** Access pattern "members of an organisation", every status. */
export async function listOrgMembers(orgId: string): Promise<MemberItem[]> {
  const items = await queryAll({
    TableName: tableName('directory'),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
    ExpressionAttributeValues: { ':pk': `ORG#${orgId}`, ':sk': 'MEMBER#' },
    ConsistentRead: true,
  });
  return items.flatMap((item) => toMember(item) ?? []);
}

/** Access pattern "memberships of a user", every status, with their dates. */
export async function listUserMemberships(userId: string): Promise<MemberItem[]> {
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

/** The roles that make an approved member an admin of their organisation. */
export const ORG_ADMIN_ROLES: readonly Role[] = ['fi_admin', 'pmec_admin'];

/**
 * Spec §6: an organisation admin acts on their own latest approved organisation, i.e. the latest
 * approved membership in which they are an organisation admin.
 */
export async function latestAdminMembership(userId: string): Promise<MemberItem | null> {
  const admin = (await listUserMemberships(userId)).filter((m) => m.status === 'approved' && ORG_ADMIN_ROLES.includes(m.role));
  const when = (m: MemberItem) => m.decided_at ?? m.created_at ?? '';
  return admin.sort((a, b) => when(b).localeCompare(when(a)))[0] ?? null;
}
