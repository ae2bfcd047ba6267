import { type StoredRequest, organisationOfRequest } from '#data/directory/access-decisions.js';
import { listOrgMembers, ORG_ADMIN_ROLES } from '#data/directory/memberships.js';
import type { Organisation } from '#data/directory/organisations.js';
import { ConflictError } from '#http/errors.js';
import { ACCESS_DECISION_MESSAGES as M, type ExistingOrg } from '#shared/api/admin.js';

/** The organisation with the emails of its approved admins, as the approver sees it. */
export async function existingOrgView(org: Organisation): Promise<ExistingOrg> {
  const members = await listOrgMembers(org.org_id);
  const admins = members.filter((m) => m.status === 'approved' && ORG_ADMIN_ROLES.includes(m.role)).map((m) => m.email);
  return { org_id: org.org_id, org_name: org.org_name, payee_key: org.payee_key ?? null, admins };
}

/** A pending request's organisation, when it exists already (null for decided requests: nothing to choose). */
export async function existingOrgOfRequest(request: StoredRequest): Promise<ExistingOrg | null> {
  if (request.status !== 'pending') return null;
  const org = await organisationOfRequest(request);
  return org ? existingOrgView(org) : null;
}

/**
 * Approving into an organisation that exists makes the applicant one of its members, so it is
 * never done by default: the approver must name that organisation (join_org_id, as the list showed
 * it). Answers 409 with the organisation and its admins otherwise.
 */
export async function refuseUnchosenJoin(org: Organisation): Promise<never> {
  const view = await existingOrgView(org);
  throw new ConflictError(M.orgExists(view.org_name, view.admins), 'org_exists', { existing_org: view });
}
