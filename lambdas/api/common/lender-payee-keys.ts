import { getOrganisation } from '#data/directory/organisations.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { ROLE_SETS, rolesIn } from '#shared/access.js';
import type { Role } from '#shared/roles.js';

/**
 * Who sees which lenders' months (reconciliation, remittance statements): the payroll authority's and PMEC's admins
 * and compliance, and platform admins, see every lender; a lender sees the payee key of the organisation it acts for.
 */
export const seesEveryLender = (me: AuthenticatedCaller): boolean =>
  rolesIn(me, null, { oversight: true }).some((role) => (ROLE_SETS.reviewers as readonly Role[]).includes(role));

/** A lender's payee keys: that of the organisation it acts for. */
export async function ownPayeeKeys(me: AuthenticatedCaller): Promise<string[]> {
  const org = me.actingOrgId ? await getOrganisation(me.actingOrgId) : null;
  return org?.payee_key ? [org.payee_key] : [];
}
