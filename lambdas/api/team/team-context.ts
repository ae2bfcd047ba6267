import { getMember } from '#data/directory/memberships.js';
import { getOrganisation, type Organisation } from '#data/directory/organisations.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '#http/errors.js';
import { rolesIn } from '#shared/access.js';
import { grantableRoles, TEAM_MESSAGES as M } from '#shared/api/team.js';
import { isUuid } from '#shared/ids.js';
import { isPlatformAdmin, isPlatformRole, type Role, roleFitsOrganisation } from '#shared/roles.js';

/** The organisation a team call acts on, and the roles the caller may grant in it. */
export interface TeamContext {
  org: Organisation;
  grantable: Role[];
  platformAdmin: boolean;
}

/**
 * Spec part 2 §6: platform admins acting as the platform name the organisation (a UUID); everyone else
 * acts on the organisation they act for (chosen with `X-Acting-Org`, or their only one), and may name
 * only that one. The roles they may grant follow from the role they hold in it, so an fi_admin of
 * organisation A has no say in organisation B.
 */
export async function resolveTeamContext(caller: AuthenticatedCaller, orgIdInput: string | undefined): Promise<TeamContext> {
  const orgId = orgIdInput?.trim() || undefined;
  if (orgId !== undefined && !isUuid(orgId)) throw new BadRequestError(M.invalidOrgId, 'invalid_org_id');

  if (isPlatformAdmin(caller.roles)) {
    if (!orgId) throw new BadRequestError(M.invalidOrgId, 'invalid_org_id');
    const org = await getOrganisation(orgId);
    if (!org) throw new NotFoundError(M.orgNotFound, 'org_not_found');
    return { org, grantable: grantableRoles(caller.roles.filter(isPlatformRole), org.client_type), platformAdmin: true };
  }

  const acting = caller.actingOrgId;
  if (!acting) throw new NotFoundError(M.orgUnknown, 'org_unknown');
  if (orgId !== undefined && orgId !== acting) {
    const member = caller.organisations.some((o) => o.org_id === orgId);
    throw new ForbiddenError(member ? M.otherOrganisation : M.noAccess, 'no_org_access');
  }
  const adminRole = rolesIn(caller, acting).find((r): r is 'fi_admin' | 'pmec_admin' => r === 'fi_admin' || r === 'pmec_admin');
  if (!adminRole) throw new ForbiddenError(M.noAccess, 'no_org_access');
  // Team powers are decided on the directory as it is now, not on what a warm function remembers of the
  // caller (up to 30 s): a removed or demoted admin is refused at once.
  const [membership, org] = await Promise.all([getMember(acting, caller.userId), getOrganisation(acting)]);
  if (membership?.status !== 'approved' || membership.role !== adminRole || !roleFitsOrganisation(adminRole, membership.client_type)) {
    if (orgId !== undefined) throw new ForbiddenError(M.noAccess, 'no_org_access');
    throw new NotFoundError(M.orgUnknown, 'org_unknown');
  }
  if (!org) throw new NotFoundError(M.orgUnknown, 'org_unknown');
  return { org, grantable: grantableRoles([adminRole], org.client_type), platformAdmin: false };
}
