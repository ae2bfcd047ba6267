import type { MeResponse } from '@shared/api/accounts';

/**
 * Whether the payroll register's file kind is offered: to an admin of a PMEC organisation the person acts
 * for (never to a platform admin as such; with no organisation chosen, any of theirs). The server decides
 * (lambdas/api/common/payroll-authority.ts): only the payroll authority's PMEC admins upload it, and anyone
 * else offered it is told which organisation that is; hiding it is never the check.
 */
export function keepsRegister(me: Pick<MeResponse, 'memberships' | 'acting_org_id'>): boolean {
  return me.memberships.some(
    (m) => m.status === 'approved' && m.client_type === 'pmec' && m.role === 'pmec_admin' && (me.acting_org_id === null || m.org_id === me.acting_org_id),
  );
}
