import { isPlatformAdmin } from '../../../shared/roles.js';
import { adminOrganisations } from '../../data/memberships.js';
import type { StoredReport } from '../../data/registry.js';
import type { AuthenticatedCaller } from '../../lib/caller.js';

/** Who may withdraw which fraud reports (issue 16 §2): platform admins any; organisation admins their organisation's. */
export interface WithdrawRights {
  platformAdmin: boolean;
  /** Organisations the caller is an approved admin of. */
  adminOf: ReadonlySet<string>;
}

/** One read of the caller's memberships, only for a caller holding an organisation admin role. */
export async function withdrawRightsOf(me: AuthenticatedCaller): Promise<WithdrawRights> {
  if (isPlatformAdmin(me.roles)) return { platformAdmin: true, adminOf: new Set() };
  return { platformAdmin: false, adminOf: await adminOrganisations(me.userId, me.roles) };
}

/** A report filed before the lifecycle names no organisation: only platform admins may withdraw it. */
export function mayWithdraw(rights: WithdrawRights, report: Pick<StoredReport, 'org_ids'>): boolean {
  return rights.platformAdmin || (report.org_ids ?? []).some((id) => rights.adminOf.has(id));
}
