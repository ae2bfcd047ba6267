import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import {
  approveRequest,
  DecisionConflictError,
  deleteRequest,
  organisationOfRequest,
  OrganisationExistsError,
  OrganisationNameTakenError,
  rejectRequest,
  type StoredRequest,
} from '#data/directory/access-decisions.js';
import { deleteOnboardingDocuments } from '#data/directory/onboarding-documents.js';
import { findOrganisationByName, type Organisation } from '#data/directory/organisations.js';
import { addToRole, deleteUser, findUserByEmail } from '#data/directory/staff-users.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { BadRequestError, ConflictError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { logger } from '#lib/powertools.js';
import {
  ACCESS_DECISION_MESSAGES as M,
  type AccessDecisionRequest,
  type AccessDecisionResponse,
  type AccessRequestItem,
  GRANT_ROLES,
} from '#shared/api/admin.js';
import * as routes from '#shared/routes/admin.js';
import { requireRoleFits } from '../../common/organisation-roles.js';
import { requireRequest } from '../access-requests.js';
import { refuseUnchosenJoin } from '../existing-org.js';
import { revokeAccess } from '../revoke-access.js';
import { userLinks } from '../user-links.js';
import { accessRequestView } from '../views.js';

async function deleteDocuments(request: StoredRequest): Promise<void> {
  await deleteOnboardingDocuments(Object.values(request.documents ?? {})).catch((error: unknown) =>
    logger.warn('Onboarding documents of a removed request were not deleted', { id: request.id, error: String(error) }),
  );
}

const response = (
  r: Pick<StoredRequest, 'id'>,
  status: AccessRequestItem['status'],
  message: string,
  extra: Partial<AccessDecisionResponse> = {},
): AccessDecisionResponse => ({
  ok: true,
  id: r.id,
  status,
  message,
  org_id: null,
  kept_auth_user: false,
  links: null,
  ...extra,
});

/** A new organisation never takes an existing one's name (any kind, letter case aside): 409 naming it. */
function refuseNameTaken(org: Organisation): never {
  throw new ConflictError(M.orgNameTaken(org.org_name, org.client_type, org.payee_key), 'org_name_taken', {
    org_id: org.org_id || null,
    org_name: org.org_name,
  });
}

async function decide<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DecisionConflictError) throw new ConflictError(M.alreadyDecided, 'already_decided');
    throw error;
  }
}

/**
 * Spec §4 "Access request decisions" and §7 /admin-approve. Approve creates the organisation (or
 * joins an existing one, only when the approver chose it), the approved membership and the role
 * group; reject keeps the request with its reason; remove deletes a pending or rejected request and
 * then the auth user too, unless the user has other links — then the answer carries kept_auth_user
 * and the links for the inspector. Remove of an approved request revokes that access.
 */
async function decideAccessRequest(actor: AuthenticatedCaller, id: string, body: AccessDecisionRequest): Promise<AccessDecisionResponse> {
  const request = await requireRequest(id);
  const subject = auditSubject.accessRequest(request.id);
  const before = accessRequestView(request);
  const audit = (after: unknown, extra: Record<string, unknown> = {}) =>
    writeAudit({
      actor,
      org_id: (after as { org_id?: string } | null)?.org_id ?? null,
      action: `access_request.${body.decision}`,
      subject,
      outcome: 'ok',
      details: { note: body.note ?? null, ...extra, before, after },
    });

  if (body.decision === 'approve') {
    const role = body.role!;
    const user = await findUserByEmail(request.email);
    if (!user || user.sub !== request.user_sub) throw new ConflictError(M.accountGone, 'account_gone');
    if (request.status === 'approved' && request.role_granted === role) {
      await addToRole(user.username, role); // a retry after the group call failed: finish it (the email went with the approval)
      return response(request, 'approved', M.approved, { org_id: request.org_id ?? null });
    }
    if (request.status !== 'pending') throw new ConflictError(M.alreadyDecided, 'already_decided');
    const existing = await organisationOfRequest(request);
    if (existing && body.join_org_id !== existing.org_id) return refuseUnchosenJoin(existing);
    if (!existing && body.join_org_id) throw new ConflictError(M.orgGone, 'org_gone');
    // The approver names a new organisation; an FI request carries only its payee key, the fallback.
    const orgName = body.org_name || request.org_name || request.payee_key || request.email;
    // The role must be one the organisation's kind holds (a lender never holds PMEC Admin), then one this approval grants.
    requireRoleFits(existing ?? { org_name: orgName, client_type: request.client_type }, role);
    if (!existing && !(GRANT_ROLES as readonly string[]).includes(role)) throw new BadRequestError(M.roleRequired, 'invalid_role');
    if (!existing) {
      const namesake = await findOrganisationByName(orgName);
      if (namesake) refuseNameTaken(namesake);
    }
    const { org, created } = await decide(async () => {
      try {
        return await approveRequest(request, { userId: user.sub, role, orgName, by: actor.email, existingOrg: existing });
      } catch (error) {
        if (error instanceof OrganisationExistsError) return refuseUnchosenJoin((await organisationOfRequest(request))!);
        if (error instanceof OrganisationNameTakenError)
          return refuseNameTaken(
            (await findOrganisationByName(orgName)) ?? { org_id: '', org_name: orgName, client_type: request.client_type, payee_key: null, created_at: '' },
          );
        throw error;
      }
    });
    await addToRole(user.username, role);
    await audit({ ...before, status: 'approved', role_granted: role, org_id: org.org_id }, { org_created: created, org_name: org.org_name });
    return response(request, 'approved', M.approved, { org_id: org.org_id });
  }

  if (body.decision === 'reject') {
    if (request.status !== 'pending') throw new ConflictError(M.alreadyDecided, 'already_decided');
    await decide(() => rejectRequest(request, body.note!, actor.email));
    await audit({ ...before, status: 'rejected', decision_note: body.note });
    return response(request, 'rejected', M.rejected);
  }

  // remove of an approved request revokes the access it gave; the request stays, marked removed.
  if (request.status === 'approved') {
    const { membershipRemoved } = await decide(() => revokeAccess(request, actor.email));
    // Revoking keeps the account: the answer carries its links, so the inspector opens where it may be deleted.
    const links = await userLinks(request.email);
    await audit({ ...before, status: 'removed' }, { revoked: true, membership_removed: membershipRemoved, remaining_links: links.counts });
    return response(request, 'removed', M.revoked, { org_id: request.org_id ?? null, kept_auth_user: Boolean(links.auth_user), links });
  }
  if (request.status === 'removed') throw new ConflictError(M.alreadyDecided, 'already_decided');
  await decide(() => deleteRequest(request));
  await deleteDocuments(request);
  const links = await userLinks(request.email);
  let deletedUser = false;
  if (links.auth_user && links.user_id && links.blocking_links === 0) {
    await deleteUser(links.user_id);
    deletedUser = true;
  }
  const kept = Boolean(links.auth_user) && !deletedUser;
  await audit(null, { auth_user_deleted: deletedUser, kept_auth_user: kept, remaining_links: links.counts });
  return response(request, 'removed', kept ? M.removedKept : M.removed, { kept_auth_user: kept, links: kept ? links : null });
}

/** POST /api/admin/access-requests/{id}/decision (spec part 2 §7 /admin-approve): approve, reject or remove. */
export const handler = createApiHandler(routes.decideAccessRequest, async ({ caller, params, body }) => decideAccessRequest(caller, params.id, body));
