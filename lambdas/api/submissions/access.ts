import { ROLE_SETS } from '../../../shared/access.js';
import { SUBMISSION_MESSAGES } from '../../../shared/api/submissions.js';
import { hasAnyRole, isPlatformAdmin } from '../../../shared/roles.js';
import { writeAudit } from '../../data/audit.js';
import { approvedMembershipForPayeeKey, findOrganisationByPayeeKey } from '../../data/directory.js';
import { getMember } from '../../data/memberships.js';
import type { AuthenticatedCaller } from '../../lib/caller.js';
import { ForbiddenError } from '../../lib/errors.js';

export interface PayeeOrganisation {
  orgId: string | null;
  orgName: string | null;
}

/**
 * Spec part 1 §6: super_admin and sys_admin may submit for any payee key; everyone else must be an
 * approved member of the organisation holding it. A refusal is audited and answers 403 with the spec's words.
 */
export async function authorisePayeeKey(me: AuthenticatedCaller, payeeKey: string, action: string): Promise<PayeeOrganisation> {
  if (isPlatformAdmin(me.roles)) {
    const org = await findOrganisationByPayeeKey(payeeKey);
    return { orgId: org?.org_id ?? null, orgName: org?.org_name ?? null };
  }
  const approved = await approvedMembershipForPayeeKey(me.userId, payeeKey);
  if (!approved) {
    await writeAudit({ actor: me, action, subject: `PAYEE#${payeeKey}`, outcome: 'refused', details: { reason: 'not_approved' } });
    throw new ForbiddenError(SUBMISSION_MESSAGES.notApproved, 'not_approved');
  }
  return { orgId: approved.org.org_id, orgName: approved.org.org_name };
}

/** Platform admins, the person who uploaded it, and approved members of its organisation. */
async function isOwnerOrMember(me: AuthenticatedCaller, owner: { userId: string; orgId: string | null }): Promise<boolean> {
  if (isPlatformAdmin(me.roles) || me.userId === owner.userId) return true;
  if (!owner.orgId) return false;
  return (await getMember(owner.orgId, me.userId))?.status === 'approved';
}

export function canSeeUpload(me: AuthenticatedCaller, upload: { user_id: string; org_id: string | null }): Promise<boolean> {
  return isOwnerOrMember(me, { userId: upload.user_id, orgId: upload.org_id });
}

/** Reviewers see every submission; others their organisation's (API.md). */
export async function canSeeSubmission(me: AuthenticatedCaller, submission: { submitted_by: string; org_id: string | null }): Promise<boolean> {
  if (hasAnyRole(me.roles, ROLE_SETS.reviewers)) return true;
  return isOwnerOrMember(me, { userId: submission.submitted_by, orgId: submission.org_id });
}
