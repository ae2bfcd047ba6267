import type { MeResponse } from '@shared/api/accounts';

/**
 * Whether the payroll register's file kind is offered: to an admin of a PMEC organisation (never to a platform
 * admin as such). The server decides (lambdas/api/common/payroll-authority.ts): only the payroll authority's
 * PMEC admins upload it, and anyone else offered it is told which organisation that is; hiding it is never the check.
 */
export function keepsRegister(me: Pick<MeResponse, 'memberships'>): boolean {
  return me.memberships.some((m) => m.status === 'approved' && m.client_type === 'pmec' && m.role === 'pmec_admin');
}
