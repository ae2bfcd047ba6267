import { BadRequestError } from '#http/errors.js';
import { type OrganisationKind, ORGANISATION_ROLES, type Role, roleFitsOrganisation, roleNotForOrganisationMessage } from '#shared/roles.js';

/** The organisation a role is granted in, as approvals, invitations and acceptances know it. */
export interface RoleHolder {
  org_name: string;
  client_type: OrganisationKind;
}

/** The refusal of a role the organisation's kind does not hold: 400 naming the roles it does hold. */
export function roleNotForOrganisation(org: RoleHolder, role: Role): BadRequestError {
  return new BadRequestError(roleNotForOrganisationMessage(org.org_name, org.client_type, role), 'role_not_for_organisation', {
    allowed: [...ORGANISATION_ROLES[org.client_type]],
  });
}

/** Throws `roleNotForOrganisation` unless the organisation's kind holds the role. */
export function requireRoleFits(org: RoleHolder, role: Role): void {
  if (!roleFitsOrganisation(role, org.client_type)) throw roleNotForOrganisation(org, role);
}
