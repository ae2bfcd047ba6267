import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { findOrganisationByPayeeKey } from '#data/directory/organisations.js';
import { type AuthenticatedCaller, confirmAllowed } from '#http/caller.js';
import { ForbiddenError } from '#http/errors.js';
import { type Access, APPROVED, isAllowedIn } from '#shared/access.js';
import { SUBMISSION_MESSAGES } from '#shared/api/submissions.js';
import { isPlatformAdmin } from '#shared/roles.js';
import { mayActOn } from '../common/object-access.js';

export interface PayeeOrganisation {
  orgId: string | null;
  orgName: string | null;
}

/**
 * Spec part 1 §6: super_admin and sys_admin may submit for any payee key; everyone else must hold a
 * role in the organisation holding it. A refusal is audited and answers 403 with the spec's words.
 */
export async function authorisePayeeKey(me: AuthenticatedCaller, payeeKey: string, action: string): Promise<PayeeOrganisation> {
  const org = await findOrganisationByPayeeKey(payeeKey);
  const allowed = await confirmAllowed(me, (c) => isPlatformAdmin(c.platformRoles) || (org !== null && isAllowedIn(APPROVED, c, org.org_id)));
  if (!allowed) {
    await writeAudit({ actor: me, action, subject: auditSubject.payeeKey(payeeKey), outcome: 'refused', details: { reason: 'not_approved' } });
    throw new ForbiddenError(SUBMISSION_MESSAGES.notApproved, 'not_approved');
  }
  return { orgId: org?.org_id ?? null, orgName: org?.org_name ?? null };
}

/** An upload before it is submitted: its organisation's members (and platform admins). */
export function canSeeUpload(me: AuthenticatedCaller, upload: { user_id: string; org_id: string | null }, access: Access = APPROVED): Promise<boolean> {
  return mayActOn(me, access, { userId: upload.user_id, orgId: upload.org_id });
}
