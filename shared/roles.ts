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


export const PLATFORM_ADMIN_ROLES: readonly Role[] = ['super_admin', 'sys_admin'];

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
  return hasAnyRole(userRoles, PLATFORM_ADMIN_ROLES);
}
