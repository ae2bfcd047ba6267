import type { Grant } from '#shared/access.js';
import { isPlatformRole, type PlatformRole, type Role } from '#shared/roles.js';
import { listUserMemberships, type MemberItem } from './memberships.js';
import { platformAdminRecordsOfUser } from './platform-admins.js';

/** What the directory says a person may do: the source of every authorisation decision. */
export interface DirectoryAccess {
  /** The email the directory holds for the person (a membership's or a platform record's), if any. */
  email: string | null;
  platformRoles: Role[];
  grants: Grant[];
  /** Every membership, whatever its status (invitations are those 'invited'). */
  memberships: MemberItem[];
  /** Platform roles the person was invited to and has not answered. */
  platformInvitations: PlatformRole[];
}

/**
 * Access pattern "what may this user do": the user's memberships (gsi1 USER#{sub}) and platform-admin
 * records (pk PLATFORM_ADMIN#{sub}), read side by side. A record being removed no longer counts.
 */
export async function readDirectoryAccess(userId: string): Promise<DirectoryAccess> {
  const [memberships, records] = await Promise.all([listUserMemberships(userId), platformAdminRecordsOfUser(userId)]);
  const active = records.filter((r) => r.status === 'active' && isPlatformRole(r.role));
  const approved = memberships.filter((m) => m.status === 'approved');
  return {
    email: [...active.map((r) => r.email), ...approved.map((m) => m.email)].find((e) => typeof e === 'string' && e.includes('@'))?.toLowerCase() ?? null,
    platformRoles: [...new Set(active.map((r) => r.role))],
    grants: approved.map((m) => ({ orgId: m.org_id, role: m.role, pmec: m.client_type === 'pmec' })),
    memberships,
    platformInvitations: records.filter((r) => r.status === 'invited').map((r) => r.role),
  };
}
