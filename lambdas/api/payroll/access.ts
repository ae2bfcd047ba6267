import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { type AuthenticatedCaller, confirmAllowed } from '#http/caller.js';
import { ForbiddenError } from '#http/errors.js';
import { PAYROLL_MESSAGES } from '#shared/api/payroll.js';
import { isPlatformAdmin } from '#shared/roles.js';
import { readPayrollAuthority } from '../common/payroll-authority.js';

/**
 * The payroll schedule is the payroll authority's: a `pmec_admin` of the designated PMEC organisation or a
 * platform admin sees and downloads it; the admins of other PMEC organisations and every lender are refused
 * (audited, 403 `not_payroll_authority` with a sentence naming the authority). Answers the caller that passed.
 */
export async function authoriseScheduleReader(me: AuthenticatedCaller, action: string, month: string): Promise<AuthenticatedCaller> {
  const authority = await readPayrollAuthority();
  const reads = (caller: AuthenticatedCaller) =>
    isPlatformAdmin(caller.platformRoles ?? []) ||
    (authority !== null && (caller.grants ?? []).some((grant) => grant.orgId === authority.org_id && grant.pmec && grant.role === 'pmec_admin'));
  const allowed = await confirmAllowed(me, reads);
  if (!allowed) {
    await writeAudit({
      actor: me,
      action,
      subject: auditSubject.schedule(month),
      outcome: 'refused',
      details: { reason: 'not_payroll_authority', payroll_authority: authority?.org_id ?? null },
    });
    throw new ForbiddenError(PAYROLL_MESSAGES.notAllowed(authority?.org_name ?? null), 'not_payroll_authority');
  }
  return allowed;
}
