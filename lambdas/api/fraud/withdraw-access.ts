import { ORG_ADMIN_ROLES } from '#data/directory/memberships.js';
import type { StoredReport } from '#data/registry/reports.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { organisationsWith } from '#shared/access.js';
import { isPlatformAdmin } from '#shared/roles.js';

/** Who may withdraw which fraud reports: platform admins any; organisation admins their organisation's. */
export interface WithdrawRights {
  platformAdmin: boolean;
  /** Organisations the caller is an approved admin of. */
  adminOf: ReadonlySet<string>;
}

/** From the caller's directory roles: no further read. */
export async function withdrawRightsOf(me: AuthenticatedCaller): Promise<WithdrawRights> {
  if (isPlatformAdmin(me.platformRoles)) return { platformAdmin: true, adminOf: new Set() };
  return { platformAdmin: false, adminOf: new Set(organisationsWith(me, ORG_ADMIN_ROLES)) };
}

/** A report filed before the lifecycle names no organisation: only platform admins may withdraw it. */
export function mayWithdraw(rights: WithdrawRights, report: Pick<StoredReport, 'org_ids'>): boolean {
  return rights.platformAdmin || (report.org_ids ?? []).some((id) => rights.adminOf.has(id));
}
