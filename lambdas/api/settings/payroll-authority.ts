import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { getOrganisation } from '#data/directory/organisations.js';
import { PayrollAuthorityChangedError, replacePayrollAuthority } from '#data/settings/settings.js';
import { type AuthenticatedCaller, confirmAllowed } from '#http/caller.js';
import { BadRequestError, ConflictError, ForbiddenError } from '#http/errors.js';
import { PAYROLL_AUTHORITY_MESSAGES } from '#shared/api/settings.js';
import { readPayrollAuthority } from '../common/payroll-authority.js';

const ACTION = 'settings.payroll_authority_set';
const SUBJECT = auditSubject.setting('payroll_authority');
const isSuperAdmin = (caller: AuthenticatedCaller) => (caller.platformRoles ?? []).includes('super_admin');

/**
 * A super admin designates the payroll authority: an organisation that exists (an approved request created
 * it) and is PMEC's. It replaces the one before (exactly one at a time); the change is audited with both
 * and emailed to every platform admin and to the admins of the old and the new authority. Naming the
 * organisation that already is the authority changes nothing, so nothing is written or sent. The email is
 * queued in the change's own transaction; a change by someone else since the authority was read refuses
 * this one (409 `payroll_authority_changed`, nothing written or sent).
 */
export async function designatePayrollAuthority(me: AuthenticatedCaller, orgId: string): Promise<void> {
  if (!(await confirmAllowed(me, isSuperAdmin))) {
    await writeAudit({ actor: me, action: ACTION, subject: SUBJECT, outcome: 'refused', details: { reason: 'not_super_admin', org_id: orgId } });
    throw new ForbiddenError(PAYROLL_AUTHORITY_MESSAGES.superAdminOnly, 'not_super_admin');
  }
  const org = await getOrganisation(orgId);
  if (!org) throw new BadRequestError(PAYROLL_AUTHORITY_MESSAGES.unknown, 'unknown_organisation');
  if (org.client_type !== 'pmec') throw new BadRequestError(PAYROLL_AUTHORITY_MESSAGES.notPmec(org.org_name), 'not_pmec_organisation');

  const previous = await readPayrollAuthority();
  if (previous?.org_id === org.org_id) return;
  const current = { org_id: org.org_id, org_name: org.org_name };
  const notify = { kind: 'payroll_authority.changed' as const, previous, current, by_email: me.email, changed_at: new Date().toISOString() };
  try {
    await replacePayrollAuthority(current, previous, me, notify);
  } catch (error) {
    if (error instanceof PayrollAuthorityChangedError) throw new ConflictError(PAYROLL_AUTHORITY_MESSAGES.changed, 'payroll_authority_changed');
    throw error;
  }
  await writeAudit({ actor: me, org_id: org.org_id, action: ACTION, subject: SUBJECT, outcome: 'ok', details: { previous, payroll_authority: current } });
}
