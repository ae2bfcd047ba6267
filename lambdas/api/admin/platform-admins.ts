import { PLATFORM_ROLES, type PlatformRole } from '../../../shared/api/admin.js';
import { writeAudit } from '../../data/audit.js';
import { ensurePlatformAdminRecord, listPlatformAdminRecords } from '../../data/platform-admins.js';
import { type CognitoUser, usersInRole } from '../../data/users.js';
import type { AuthenticatedCaller } from '../../lib/caller.js';

type Members = Record<PlatformRole, CognitoUser[]>;

export const subject = (userId: string) => `USER#${userId}`;

/**
 * Roles are Cognito groups; someone made a platform admin outside the app (the README's first
 * admin, the AWS console) has no record yet. Writing the missing records keeps the
 * last-super_admin counter true to the groups. Idempotent.
 */
export async function syncRecordsFromGroups(actor: AuthenticatedCaller): Promise<{ members: Members; created: Map<string, string | null> }> {
  const [superAdmins, sysAdmins, records] = await Promise.all([usersInRole('super_admin'), usersInRole('sys_admin'), listPlatformAdminRecords()]);
  const members: Members = { super_admin: superAdmins, sys_admin: sysAdmins };
  const created = new Map(records.map((r) => [`${r.user_id}#${r.role}`, r.created_at]));
  for (const role of PLATFORM_ROLES) {
    for (const user of members[role]) {
      if (created.has(`${user.sub}#${role}`)) continue;
      const at = user.createdAt ?? new Date().toISOString();
      if (await ensurePlatformAdminRecord({ user_id: user.sub, email: user.email, role, created_by: null, created_at: at })) {
        await writeAudit({ actor, action: 'platform_admin.record_from_group', subject: subject(user.sub), outcome: 'ok', details: { role, before: null, after: { role, email: user.email } } });
      }
      created.set(`${user.sub}#${role}`, at);
    }
  }
  return { members, created };
}


