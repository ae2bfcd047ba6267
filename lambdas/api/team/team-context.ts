import { isUuid } from '../../../shared/ids.js';
import { grantableRoles, TEAM_MESSAGES as M } from '../../../shared/api/team.js';
import { isPlatformAdmin, PLATFORM_ADMIN_ROLES, type Role, roleFitsOrganisation } from '../../../shared/roles.js';
import { getOrganisation, type Organisation } from '../../data/directory.js';
import { getMember, latestAdminMembership } from '../../data/memberships.js';
import type { AuthenticatedCaller } from '../../http/caller.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../http/errors.js';

/** The organisation a team call acts on, and the roles the caller may grant in it. */
export interface TeamContext {
  org: Organisation;
  grantable: Role[];
  platformAdmin: boolean;
}

/**
 * Spec part 2 §6: platform admins name the organisation (a UUID); everyone else acts on their
 * own latest approved organisation, and may name only that one. The roles they may grant follow
 * from the role they hold in it, so an fi_admin of organisation A has no say in organisation B.
 */
export async function resolveTeamContext(caller: AuthenticatedCaller, orgIdInput: string | undefined): Promise<TeamContext> {
  const orgId = orgIdInput?.trim() || undefined;
  if (orgId !== undefined && !isUuid(orgId)) throw new BadRequestError(M.invalidOrgId, 'invalid_org_id');

  if (isPlatformAdmin(caller.roles)) {
    if (!orgId) throw new BadRequestError(M.invalidOrgId, 'invalid_org_id');
    const org = await getOrganisation(orgId);
    if (!org) throw new NotFoundError(M.orgNotFound, 'org_not_found');
    return { org, grantable: grantableRoles(caller.roles.filter((r) => PLATFORM_ADMIN_ROLES.includes(r)), org.client_type), platformAdmin: true };
  }

  const membership = orgId ? await getMember(orgId, caller.userId) : await latestAdminMembership(caller.userId);
  if (!membership) {
    if (orgId) throw new ForbiddenError(M.noAccess, 'no_org_access');
    throw new NotFoundError(M.orgUnknown, 'org_unknown');
  }
  // The role must still be approved in this organisation and still be in the caller's token.
  const adminRole = (membership.role === 'fi_admin' || membership.role === 'pmec_admin') && roleFitsOrganisation(membership.role, membership.client_type) ? membership.role : null;
  if (membership.status !== 'approved' || !adminRole || !caller.roles.includes(adminRole)) throw new ForbiddenError(M.noAccess, 'no_org_access');
  const org = await getOrganisation(membership.org_id);
  if (!org) throw new NotFoundError(M.orgUnknown, 'org_unknown');
  return { org, grantable: grantableRoles([adminRole], org.client_type), platformAdmin: false };
}
