import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { getPayrollAuthority } from '#data/settings/settings.js';
import { type AuthenticatedCaller, confirmAllowed } from '#http/caller.js';
import { ConflictError, ForbiddenError } from '#http/errors.js';
import { PAYROLL_AUTHORITY_MESSAGES } from '#shared/api/settings.js';

/** The designated payroll authority (one PMEC organisation), read from its settings item; null while none is designated. */
export async function readPayrollAuthority(): Promise<{ org_id: string; org_name: string } | null> {
  return getPayrollAuthority();
}

/**
 * Only the payroll authority's PMEC admins upload, submit and approve the payroll register: a `pmec_admin`
 * grant in the designated organisation (a PMEC one). Platform admins and the admins of other PMEC
 * organisations are refused (audited, 403 `not_payroll_authority` naming the authority); while none is
 * designated nobody passes (audited, 409 `no_payroll_authority`). Answers the authority the caller acts for.
 */
export async function authorisePayrollAuthority(me: AuthenticatedCaller, action: string): Promise<{ orgId: string; orgName: string }> {
  const authority = await readPayrollAuthority();
  if (!authority) {
    await writeAudit({ actor: me, action, subject: auditSubject.register, outcome: 'refused', details: { reason: 'no_payroll_authority' } });
    throw new ConflictError(PAYROLL_AUTHORITY_MESSAGES.none, 'no_payroll_authority');
  }
  const keeps = (caller: AuthenticatedCaller) =>
    (caller.grants ?? []).some((grant) => grant.orgId === authority.org_id && grant.pmec && grant.role === 'pmec_admin');
  const allowed = await confirmAllowed(me, keeps);
  if (!allowed) {
    await writeAudit({
      actor: me,
      action,
      subject: auditSubject.register,
      outcome: 'refused',
      details: { reason: 'not_payroll_authority', payroll_authority: authority.org_id },
    });
    throw new ForbiddenError(PAYROLL_AUTHORITY_MESSAGES.notAuthority(authority.org_name), 'not_payroll_authority');
  }
  return { orgId: authority.org_id, orgName: authority.org_name };
}
