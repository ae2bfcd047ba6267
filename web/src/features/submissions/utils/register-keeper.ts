import type { MeResponse } from '@shared/api/accounts';
import { PLATFORM_ADMIN_ROLES } from '@shared/roles';

/**
 * Whether the payroll register's file kind is offered: to an admin of a PMEC organisation and to platform
 * admins, as the server decides (lambdas/api/common/register-keepers.ts); hiding it is never the check.
 */
export function keepsRegister(me: Pick<MeResponse, 'roles' | 'memberships'>): boolean {
  if (me.roles.some((role) => PLATFORM_ADMIN_ROLES.includes(role))) return true;
  return me.memberships.some((m) => m.status === 'approved' && m.client_type === 'pmec' && m.role === 'pmec_admin');
}
