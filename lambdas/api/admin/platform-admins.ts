import { listPlatformAdminRecords, type PlatformAdminRecord } from '#data/directory/platform-admins.js';
import { PLATFORM_ROLES, type PlatformRole } from '#shared/api/admin.js';

type Members = Record<PlatformRole, PlatformAdminRecord[]>;

/**
 * The platform admins as the directory holds them: the active records of each role (gsi2). The Cognito
 * groups are the console's mirror and are never read here: a group added in the console grants nothing.
 */
export async function platformAdminMembers(): Promise<Members> {
  const records = (await listPlatformAdminRecords()).filter((r) => r.status === 'active');
  return Object.fromEntries(PLATFORM_ROLES.map((role) => [role, records.filter((r) => r.role === role)])) as Members;
}
