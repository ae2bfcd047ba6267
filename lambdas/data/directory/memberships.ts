import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionsOf } from '#adapters/dynamo/expressions.js';
import { queryOf, sortKey } from '#adapters/dynamo/queries.js';
import { queryAll } from '#adapters/dynamo/toolkit.js';
import { CLIENT_TYPES } from '#shared/api/accounts.js';
import { TEAM_MEMBER_STATUSES } from '#shared/api/team.js';
import { normaliseRoles, ROLES, type Role } from '#shared/roles.js';

/**
 * Memberships, in the directory table beside their organisations (directory.ts):
 *   pk=ORG#{org_id} sk=MEMBER#{user_id}; gsi1pk=USER#{user_id} gsi1sk=MEMBER#{org_id}
 * Access patterns: "members of an organisation" Query pk begins_with MEMBER#; "memberships of a user"
 * Query gsi1 USER#{sub}. One item serves both, so the two views cannot disagree. A team invite is a
 * membership with status 'invited'; accepting it makes it 'approved' (invitations.ts). Every
 * reader parses items here (memberCodec), into MemberItem.
 */
export const memberKey = (orgId: string, userId: string) => ({ pk: `ORG#${orgId}`, sk: `MEMBER#${userId}` });
export const memberIndexKeys = (orgId: string, userId: string) => ({ gsi1pk: `USER#${userId}`, gsi1sk: `MEMBER#${orgId}` });

export type MemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];

const orNull = z.string().nullable().catch(null);
/**
 * A membership needs its organisation, user, a role (older role names normalised) and a status; what else
 * it lacks is defaulted as readers always did. Approval is its status, whatever `is_approved` says.
 */
const memberSchema = z
  .object({
    org_id: z.string(),
    org_name: z.string().default(''),
    client_type: z.enum(CLIENT_TYPES).catch('fi'),
    payee_key: orNull,
    user_id: z.string(),
    email: z.string().default(''),
    role: z.preprocess((value) => normaliseRoles([value])[0], z.enum(ROLES)),
    status: z.enum(TEAM_MEMBER_STATUSES),
    created_at: orNull,
    decided_at: orNull,
    added_by: orNull.optional(),
    removed_by: orNull.optional(),
    /** Set when an invite was accepted (POST /api/team/accept-invite). */
    accepted_at: orNull.optional(),
  })
  .transform((member) => ({ ...member, is_approved: member.status === 'approved' }));
export type MemberItem = z.output<typeof memberSchema>;
/** The membership's item: the record, and what a change stamps beside it that no reader reads back. */
type MembershipItem = MemberItem & { role_changed_at?: string; role_changed_by?: string; declined_at?: string };
/** The conditions on a membership's item. */
export const whenMember = conditionsOf<MembershipItem>();

export const memberCodec = defineCodec('membership', memberSchema, (m) => ({ ...memberKey(m.org_id, m.user_id), ...memberIndexKeys(m.org_id, m.user_id) }));

/** Memberships that still hold or await a role. */
export const LIVE_STATUSES: readonly MemberStatus[] = ['pending', 'invited', 'approved'];

/** Access pattern "members of an organisation", every status. */
export async function listOrgMembers(orgId: string): Promise<MemberItem[]> {
  const items = await queryAll({
    TableName: tableName('directory'),
    ...queryOf({ pk: `ORG#${orgId}`, sk: sortKey.beginsWith('MEMBER#') }),
    ConsistentRead: true,
  });
  return memberCodec.parseAll(items);
}

/** Access pattern "memberships of a user", every status, with their dates. */
export async function listUserMemberships(userId: string): Promise<MemberItem[]> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('directory'),
      ...queryOf({ IndexName: 'gsi1', pk: `USER#${userId}`, sk: sortKey.beginsWith('MEMBER#') }),
    }),
  );
  return memberCodec.parseAll(out.Items);
}

export async function getMember(orgId: string, userId: string): Promise<MemberItem | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: memberKey(orgId, userId), ConsistentRead: true }));
  return memberCodec.parse(out.Item);
}

/** The roles that make an approved member an admin of their organisation. */
export const ORG_ADMIN_ROLES: readonly Role[] = ['fi_admin', 'pmec_admin'];
