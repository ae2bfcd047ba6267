import { tableName } from '#adapters/aws-clients.js';
import { conditionsOf } from '#adapters/dynamo/expressions.js';
import { queryOf, sortKey } from '#adapters/dynamo/queries.js';
import { queryCount } from '#adapters/dynamo/toolkit.js';
import { ROLES } from '#shared/roles.js';
import type { MemberItem } from './memberships.js';
import { usersInRole } from './staff-users.js';

/**
 * Team counts for the dashboard (spec part 1 §2 "Team members (approved)"). The activity figures come
 * from the counters of counters.ts; these are the two figures counters do not hold.
 */

/** Access pattern "members of an organisation" (pk=ORG#{id} sk begins_with MEMBER#), counted, approved only. */
export function countApprovedMembers(orgId: string): Promise<number> {
  return queryCount({
    TableName: tableName('directory'),
    ...queryOf<MemberItem>({ pk: `ORG#${orgId}`, sk: sortKey.beginsWith('MEMBER#'), filter: conditionsOf<MemberItem>().is('status', 'approved') }),
  });
}

/**
 * Approved users of the whole platform: a user is approved once granted a role, and every role is a
 * Cognito group, so this is the distinct members of the role groups (seven ListUsersInGroup, run
 * together). The directory holds no platform-wide index of memberships, and a Scan is what the
 * dashboard must not do.
 */
export async function countApprovedUsers(): Promise<number> {
  const groups = await Promise.all(ROLES.map((role) => usersInRole(role)));
  return new Set(groups.flat().map((user) => user.sub)).size;
}
