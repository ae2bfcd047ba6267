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

export const PUBLIC = { kind: 'public' } as const satisfies Access;
export const SIGNED_IN = { kind: 'signed_in' } as const satisfies Access;
export const APPROVED = { kind: 'approved' } as const satisfies Access;
export const rolesOnly = (...roles: Role[]) => ({ kind: 'roles', roles }) as const satisfies Access;

/** Role sets of spec part 1 §2 and part 2 §6, named once. */
export const ROLE_SETS = {
  fraudList: ['data_user', 'compliance', 'fi_admin', 'pmec_admin', 'super_admin', 'sys_admin'],
  orgAdmins: ['fi_admin', 'pmec_admin', 'super_admin', 'sys_admin'],
  reviewers: ['super_admin', 'sys_admin', 'pmec_admin', 'compliance'],
  /** Issue 16 §1: who decides a dispute (the reviewers but PMEC admins). */
  disputeDeciders: ['super_admin', 'sys_admin', 'compliance'],
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

/** The route and screen presets of those role sets. */
export const FRAUD_LIST = rolesOnly(...ROLE_SETS.fraudList);
export const ORG_ADMINS = rolesOnly(...ROLE_SETS.orgAdmins);
export const REVIEWERS = rolesOnly(...ROLE_SETS.reviewers);
/** Reviewers (the /reviews screen) and organisation admins (the /reports screen). */
export const REVIEWERS_AND_ORG_ADMINS = rolesOnly(...new Set([...ROLE_SETS.reviewers, ...ROLE_SETS.orgAdmins]));
/** Issue 16 §1: who decides a dispute. */
export const DISPUTE_DECIDERS = rolesOnly(...ROLE_SETS.disputeDeciders);
export const PLATFORM_ADMINS = rolesOnly(...ROLE_SETS.platformAdmins);
export const SUPER_ADMIN = rolesOnly(...ROLE_SETS.superAdmin);
