import { auditSubject } from '../../data/audit/subjects.js';
import { APPROVED, isAllowedIn, ROLE_SETS, rolesIn } from '../../../shared/access.js';
import { RECONCILIATION_MESSAGES } from '../../../shared/api/reconciliation.js';
import type { Role } from '../../../shared/roles.js';
import { writeAudit } from '../../data/audit/log.js';
import { findOrganisationByPayeeKey, getOrganisation } from '../../data/directory/organisations.js';
import { type AuthenticatedCaller, confirmAllowed } from '../../http/caller.js';
import { ForbiddenError } from '../../http/errors.js';

/** The payroll authority's and PMEC's admins and compliance, and platform admins: every lender's reconciliation. */
export const seesEveryLender = (me: AuthenticatedCaller): boolean =>
  rolesIn(me, null, { oversight: true }).some((role) => (ROLE_SETS.reviewers as readonly Role[]).includes(role));

/** A lender's payee keys: that of the organisation it acts for. */
export async function ownPayeeKeys(me: AuthenticatedCaller): Promise<string[]> {
  const org = me.actingOrgId ? await getOrganisation(me.actingOrgId) : null;
  return org?.payee_key ? [org.payee_key] : [];
}

/**
 * A lender sees a payee key's reconciliation only as an approved member of the organisation holding it (the
 * organisation it acts for), as Submit checks a payee key: otherwise audited and 403 `not_your_payee_key`.
 */
export async function authoriseLenderPayeeKey(me: AuthenticatedCaller, payeeKey: string): Promise<void> {
  const org = await findOrganisationByPayeeKey(payeeKey);
  const allowed = await confirmAllowed(me, (c) => org !== null && isAllowedIn(APPROVED, c, org.org_id));
  if (allowed) return;
  await writeAudit({ actor: me, action: 'reconciliation.read', subject: auditSubject.payeeKey(payeeKey), outcome: 'refused', details: { reason: 'not_your_payee_key' } });
  throw new ForbiddenError(RECONCILIATION_MESSAGES.notYourPayeeKey, 'not_your_payee_key');
}
