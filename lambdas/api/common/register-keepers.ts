import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { type AuthenticatedCaller, confirmAllowed } from '#http/caller.js';
import { ForbiddenError } from '#http/errors.js';
import { SUBMISSION_MESSAGES } from '#shared/api/submissions.js';
import { isPlatformAdmin } from '#shared/roles.js';

/** The PMEC organisation a register keeper acts for: null for a platform admin acting without one. */
export interface RegisterKeeper {
  orgId: string | null;
}

const pmecAdminGrant = (caller: AuthenticatedCaller) => (caller.grants ?? []).find((grant) => grant.pmec && grant.role === 'pmec_admin');
const keeps = (caller: AuthenticatedCaller) => isPlatformAdmin(caller.platformRoles ?? []) || pmecAdminGrant(caller) !== undefined;

/**
 * The payroll register is PMEC's own record: an admin of a PMEC organisation or a platform admin reads
 * it, never a lender (whatever their role in their own organisation). A refusal is audited and answers 403
 * with a sentence saying who may. Uploading and submitting it is the payroll authority's alone (./payroll-authority.ts).
 */
export async function authoriseRegisterKeeper(me: AuthenticatedCaller, action: string): Promise<RegisterKeeper> {
  const allowed = await confirmAllowed(me, keeps);
  if (!allowed) {
    await writeAudit({ actor: me, action, subject: auditSubject.register, outcome: 'refused', details: { reason: 'not_register_keeper' } });
    throw new ForbiddenError(SUBMISSION_MESSAGES.registerOnly, 'not_register_keeper');
  }
  return { orgId: pmecAdminGrant(allowed)?.orgId ?? null };
}
