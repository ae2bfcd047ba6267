import type { Role } from './roles.js';

/**
 * Who may call a route or open a screen.
 * - public: anyone, no session
 * - signed_in: any signed-in user, approved or not
 * - approved: a signed-in user who is past the pending screen
 * - roles: a signed-in user holding one of the roles
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed_in' }
  | { kind: 'approved' }
  | { kind: 'roles'; roles: readonly Role[] };

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'signed_in' };
export const APPROVED: Access = { kind: 'approved' };
export const rolesOnly = (...roles: Role[]): Access => ({ kind: 'roles', roles });

/** Role sets of spec part 1 §2 and part 2 §6, named once. */
export const ROLE_SETS = {
  fraudList: ['data_user', 'compliance', 'fi_admin', 'pmec_admin', 'super_admin', 'sys_admin'],
  orgAdmins: ['fi_admin', 'pmec_admin', 'super_admin', 'sys_admin'],
  reviewers: ['super_admin', 'sys_admin', 'pmec_admin', 'compliance'],
  platformAdmins: ['super_admin', 'sys_admin'],
  superAdmin: ['super_admin'],
} as const satisfies Record<string, readonly Role[]>;

export interface Caller {
  signedIn: boolean;
  approved: boolean;
  roles: readonly Role[];
}

/** The one decision used by the server, the local gateway and the SPA. */
export function isAllowed(access: Access, caller: Caller): boolean {
  switch (access.kind) {
    case 'public':
      return true;
    case 'signed_in':
      return caller.signedIn;
    case 'approved':
      return caller.signedIn && caller.approved;
    case 'roles':
      return caller.signedIn && caller.roles.some((r) => access.roles.includes(r));
  }
}
