import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { findOrganisationByPayeeKey } from '#data/directory/organisations.js';
import { type AuthenticatedCaller, confirmAllowed } from '#http/caller.js';
import { ForbiddenError } from '#http/errors.js';
import { APPROVED, isAllowedIn } from '#shared/access.js';
import { RECONCILIATION_MESSAGES } from '#shared/api/reconciliation.js';

/**
 * A lender sees a payee key's reconciliation only as an approved member of the organisation holding it (the
 * organisation it acts for), as Submit checks a payee key: otherwise audited and 403 `not_your_payee_key`.
 */
export async function authoriseLenderPayeeKey(me: AuthenticatedCaller, payeeKey: string): Promise<void> {
  const org = await findOrganisationByPayeeKey(payeeKey);
  const allowed = await confirmAllowed(me, (c) => org !== null && isAllowedIn(APPROVED, c, org.org_id));
  if (allowed) return;
  await writeAudit({
    actor: me,
    action: 'reconciliation.read',
    subject: auditSubject.payeeKey(payeeKey),
    outcome: 'refused',
    details: { reason: 'not_your_payee_key' },
  });
  throw new ForbiddenError(RECONCILIATION_MESSAGES.notYourPayeeKey, 'not_your_payee_key');
}
