import { PLATFORM_ROLES, type Role, roleFitsOrganisation } from './roles.js';

/**
 * Who may call a route or open a screen.
 * - public: anyone, no session
 * - signed_in: any signed-in user, approved or not
 * - approved: a signed-in user who is past the pending screen
 * - roles: a signed-in user holding one of the roles
 * - employee: an employee signed in with their NRC, employee number and a code sent to the register's
 *   mobile (their own user pool). An employee is nothing else: the four kinds above treat them as if no
 *   session came with the request, and staff never pass this one.
 */
export type Access = { kind: 'public' } | { kind: 'signed_in' } | { kind: 'approved' } | { kind: 'roles'; roles: readonly Role[] } | { kind: 'employee' };

export const PUBLIC = { kind: 'public' } as const satisfies Access;
export const SIGNED_IN = { kind: 'signed_in' } as const satisfies Access;
export const APPROVED = { kind: 'approved' } as const satisfies Access;
export const EMPLOYEE = { kind: 'employee' } as const satisfies Access;
export const rolesOnly = (...roles: Role[]) => ({ kind: 'roles', roles }) as const satisfies Access;

/** Role sets of spec part 1 §2 and part 2 §6, named once. */
export const ROLE_SETS = {
  fraudList: ['data_user', 'compliance', 'fi_admin', 'pmec_admin', ...PLATFORM_ROLES],
  orgAdmins: ['fi_admin', 'pmec_admin', ...PLATFORM_ROLES],
  reviewers: [...PLATFORM_ROLES, 'pmec_admin', 'compliance'],
  /** Who decides a dispute (the reviewers but PMEC admins). */
  disputeDeciders: [...PLATFORM_ROLES, 'compliance'],
  platformAdmins: PLATFORM_ROLES,
  superAdmin: ['super_admin'],
  /** Who uploads PMEC's payroll register and reads it (a pmec_admin in a PMEC organisation; checked in the handler). */
  registerKeepers: ['pmec_admin', ...PLATFORM_ROLES],
} as const satisfies Record<string, readonly Role[]>;

/**
 * How long a warm function trusts what it read of the directory about a caller: a removal or a demotion
 * applies to every later request within this time. A refusal is never decided on a remembered read, so a
 * new role applies at once.
 */
export const CALLER_TTL_MS = 30_000;

/** What a signed-in caller without a route's access is told: a pending account, or a role that does not reach. */
export const ACCESS_MESSAGES = {
  pending: 'Your account is waiting for approval. An administrator must approve your access request, or you must accept an invitation, before you can do this.',
  role: 'Your role does not allow this action.',
  removed: (orgName: string, at: string) =>
    `You were removed from ${orgName} on ${new Date(at).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}, so you no longer have access. An administrator of an organisation can invite you again.`,
  chooseOrganisation:
    'You are a member of several organisations: choose the one you act for (the organisation switcher at the top of the page), then try again.',
  notMemberOf:
    'You are not an approved member of the organisation you chose to act for. Choose one of your organisations in the switcher at the top of the page.',
  actingForOrganisation:
    'You are acting for an organisation: choose "Platform" in the organisation switcher at the top of the page to do this as a platform admin.',
} as const;

/** The request header naming the organisation the caller acts for (lower case: headers arrive normalised). */
export const ACTING_ORG_HEADER = 'x-acting-org';

/** A role held in one organisation: an approved membership, as the directory records it. */
export interface Grant {
  orgId: string;
  role: Role;
  /** The organisation is PMEC's: its reviewers oversee every lender's submissions and disputes. */
  pmec: boolean;
}

/**
 * Who is calling, as the directory knows them. `roles` is every role held anywhere (platform roles and
 * approved memberships): enough for a route's first check. A decision about an organisation's object
 * reads `grants` through `rolesIn`, so a role held in one organisation never applies in another.
 */
export interface Caller {
  signedIn: boolean;
  approved: boolean;
  roles: readonly Role[];
  /** super_admin and sys_admin: they hold in every organisation. */
  platformRoles?: readonly Role[];
  grants?: readonly Grant[];
  /** An employee of the payroll register: never approved, no roles; only `employee` routes and screens. */
  employee?: boolean;
  /**
   * The organisation the caller acts for on this request (header `X-Acting-Org`, or their only
   * organisation): `grants` and `roles` then hold that organisation's role only. Null when acting as
   * the platform (a platform admin who chose no organisation) or for no organisation yet.
   */
  actingOrgId?: string | null;
}

/**
 * The roles the caller holds over an object of organisation `orgId`: platform roles, roles held in
 * that organisation and, with `oversight`, the reviewing roles held in a PMEC organisation (PMEC's
 * compliance and admins review every lender's submissions and disputes). A compliance member of an FI
 * organisation reviews that organisation only.
 */
export function rolesIn(caller: Caller, orgId: string | null, options: { oversight?: boolean } = {}): Role[] {
  const out = new Set<Role>(caller.platformRoles ?? []);
  for (const grant of fittingGrants(caller)) {
    const overseeing = options.oversight && grant.pmec && (ROLE_SETS.reviewers as readonly Role[]).includes(grant.role);
    if ((orgId !== null && grant.orgId === orgId) || overseeing) out.add(grant.role);
  }
  return [...out];
}

/** The organisations where the caller holds one of `roles` (platform roles aside). */
export function organisationsWith(caller: Caller, roles: readonly Role[]): string[] {
  return [
    ...new Set(
      fittingGrants(caller)
        .filter((g) => roles.includes(g.role))
        .map((g) => g.orgId),
    ),
  ];
}

/**
 * The grants whose role the organisation's kind holds: a role is always asked of the organisation's kind
 * and the role together, so a PMEC Admin membership of a lender (listed on /admin for a platform admin to
 * fix) grants nothing anywhere.
 */
function fittingGrants(caller: Caller): Grant[] {
  return (caller.grants ?? []).filter((g) => roleFitsOrganisation(g.role, g.pmec ? 'pmec' : 'fi'));
}

/** A signed-in member of staff: an employee's session opens no staff route or screen. */
const staff = (caller: Caller) => caller.signedIn && caller.employee !== true;

/** The one decision used by the server, the local gateway and the SPA. */
export function isAllowed(access: Access, caller: Caller): boolean {
  switch (access.kind) {
    case 'public':
      return true;
    case 'signed_in':
      return staff(caller);
    case 'approved':
      return staff(caller) && caller.approved;
    case 'roles':
      return staff(caller) && caller.roles.some((r) => access.roles.includes(r));
    case 'employee':
      return caller.signedIn && caller.employee === true;
  }
}

/**
 * `isAllowed` for an object of one organisation: the roles must be held there (see `rolesIn`); an
 * `approved` route asks for any role there.
 */
export function isAllowedIn(access: Access, caller: Caller, orgId: string | null, options: { oversight?: boolean } = {}): boolean {
  if (access.kind === 'public' || access.kind === 'signed_in' || access.kind === 'employee') return isAllowed(access, caller);
  const held = staff(caller) ? rolesIn(caller, orgId, options) : [];
  return access.kind === 'approved' ? held.length > 0 : held.some((r) => access.roles.includes(r));
}

/** The route and screen presets of those role sets. */
export const FRAUD_LIST = rolesOnly(...ROLE_SETS.fraudList);
export const ORG_ADMINS = rolesOnly(...ROLE_SETS.orgAdmins);
export const REVIEWERS = rolesOnly(...ROLE_SETS.reviewers);
/** Reviewers (the /reviews screen) and organisation admins (the /reports screen). */
export const REVIEWERS_AND_ORG_ADMINS = rolesOnly(...new Set([...ROLE_SETS.reviewers, ...ROLE_SETS.orgAdmins]));
/** Who decides a dispute. */
export const DISPUTE_DECIDERS = rolesOnly(...ROLE_SETS.disputeDeciders);
export const PLATFORM_ADMINS = rolesOnly(...ROLE_SETS.platformAdmins);
export const SUPER_ADMIN = rolesOnly(...ROLE_SETS.superAdmin);
/** PMEC's admins and platform admins: the payroll register. */
export const REGISTER_KEEPERS = rolesOnly(...ROLE_SETS.registerKeepers);
