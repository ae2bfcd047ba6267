/** The seven roles of the platform; each is a Cognito group of the same name. */
export const ROLES = ['super_admin', 'sys_admin', 'fi_admin', 'pmec_admin', 'compliance', 'data_user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  super_admin: 'Super Admin',
  sys_admin: 'System Admin',
  fi_admin: 'FI Admin',
  pmec_admin: 'PMEC Admin',
  compliance: 'Compliance',
  data_user: 'Data User',
  admin: 'Admin',
};

/** The platform's own roles, held in no organisation (platform-admin records in the directory). */
export const PLATFORM_ROLES = ['super_admin', 'sys_admin'] as const satisfies readonly Role[];
export type PlatformRole = (typeof PLATFORM_ROLES)[number];

/** The 400 `role_required` sentence, naming the platform roles. */
export const PLATFORM_ROLE_REQUIRED = `Choose the platform role: ${PLATFORM_ROLES.join(' or ')}.`;

export const isPlatformRole = (role: string): role is PlatformRole => (PLATFORM_ROLES as readonly string[]).includes(role);

/** Role names compare case-insensitively (spec part 1 §6); unknown names are dropped. */
export function normaliseRoles(values: readonly unknown[] | undefined | null): Role[] {
  const out = new Set<Role>();
  for (const value of values ?? []) {
    if (typeof value !== 'string') continue;
    const lower = value.trim().toLowerCase();
    if ((ROLES as readonly string[]).includes(lower)) out.add(lower as Role);
  }
  return ROLES.filter((r) => out.has(r));
}

export function hasAnyRole(userRoles: readonly Role[], allowed: readonly Role[]): boolean {
  return userRoles.some((r) => allowed.includes(r));
}

export function isPlatformAdmin(userRoles: readonly Role[]): boolean {
  return hasAnyRole(userRoles, PLATFORM_ROLES);
}

/** The two kinds of organisation: lenders (financial institutions) and PMEC's payroll offices. */
export type OrganisationKind = 'fi' | 'pmec';

/** The roles an organisation of each kind holds (spec part 2: "FI users" and "PMEC users"). */
export const ORGANISATION_ROLES: Record<OrganisationKind, readonly Role[]> = {
  fi: ['fi_admin', 'compliance', 'data_user'],
  pmec: ['pmec_admin', 'compliance', 'data_user'],
};

/** An organisation's kind as messages and the admin's tables name it. */
export const ORGANISATION_KIND_LABELS: Record<OrganisationKind, string> = { fi: 'FI', pmec: 'PMEC' };

/** Whether an organisation of this kind holds the role (platform roles belong to no organisation). */
export function roleFitsOrganisation(role: Role, clientType: OrganisationKind): boolean {
  return ORGANISATION_ROLES[clientType].includes(role);
}

/** A role some kind of organisation holds (not a platform role, not the spec's unused `admin`). */
export function isOrganisationRole(role: Role): boolean {
  return roleFitsOrganisation(role, 'fi') || roleFitsOrganisation(role, 'pmec');
}

/** The 400 `role_not_for_organisation` sentence: "A Bank A (FI) organisation holds FI Admin, Compliance or Data User." */
export function roleNotForOrganisationMessage(orgName: string, clientType: OrganisationKind, role: Role): string {
  const labels = ORGANISATION_ROLES[clientType].map((r) => ROLE_LABELS[r]);
  const allowed = `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
  return `${ROLE_LABELS[role]} is not a role of this organisation: ${orgName} (${ORGANISATION_KIND_LABELS[clientType]}) holds ${allowed}. Choose one of those.`;
}
