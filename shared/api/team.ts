import { z } from 'zod';
import { isUuid } from '../ids.js';
import { isPlatformAdmin, type OrganisationKind, ROLES, type Role, roleFitsOrganisation } from '../roles.js';
import { normaliseEmail } from './accounts.js';
import { isValidEmail } from './admin.js';
import { queryText } from './query.js';

/** Spec part 2 §5 "Team" and §8 "Team" messages, word for word. */
export const TEAM_MESSAGES = {
  invalidOrgId: 'Please enter a valid Organisation ID.',
  emailAndRole: 'Please enter an email and select a role.',
  roleNotAllowed: 'You are not allowed to assign this role.',
  orgNotFound: 'Organisation ID not found.',
  noAccess: "You don't have access to this organisation or your session expired.",
  sessionExpired: 'Your session has expired. Please sign in again.',
  inviteExists: 'An invite already exists for this email.',
  orgUnknown: 'Your organisation could not be determined. Contact support.',
  // Our own, where the spec is silent:
  invalidEmail: 'Please enter a valid email address.',
  alreadyMember: 'This person is already a member of this organisation.',
  memberNotFound: 'That member was not found in this organisation.',
  cannotRemoveSelf: 'You cannot remove yourself. Ask another administrator of your organisation.',
  removeNotAllowed: 'You are not allowed to remove a member with this role.',
  notVerified: (email: string) => `${email} has not verified their email address yet, so they cannot be added. Ask them to finish signing up first.`,
  otherOrganisation: 'You are acting for another organisation: choose this one in the organisation switcher at the top of the page to manage its team.',
  noInvitation: 'There is no invitation from this organisation waiting for you. It may have been withdrawn, or already accepted or declined.',
  invitationExpired: (orgName: string, day: string) =>
    `Your invitation to ${orgName} expired on ${day}. Ask an administrator of ${orgName} to invite you again.`,
} as const;

/** An invitation not accepted within this many days expires: the days the invite email's temporary password lasts. */
export const INVITATION_VALID_DAYS = 7;

/** When an invitation made at `createdAt` expires (ISO), or null when its time is unknown (it never expires). */
export function invitationExpiresAt(createdAt: string | null | undefined): string | null {
  const made = createdAt ? Date.parse(createdAt) : Number.NaN;
  return Number.isNaN(made) ? null : new Date(made + INVITATION_VALID_DAYS * 86_400_000).toISOString();
}

export function invitationExpired(createdAt: string | null | undefined, now: Date): boolean {
  const expires = invitationExpiresAt(createdAt);
  return expires !== null && expires <= now.toISOString();
}

/** How an invitation to a platform role names what the person would join. */
export const PLATFORM_INVITATION_NAME = 'Platform administration';

/** Spec part 2 §6 "Roles a user may grant in a team". */
export const GRANTABLE_ROLES: Partial<Record<Role, readonly Role[]>> = {
  super_admin: ['fi_admin', 'pmec_admin', 'compliance', 'data_user'],
  sys_admin: ['fi_admin', 'pmec_admin', 'compliance', 'data_user'],
  fi_admin: ['fi_admin', 'compliance', 'data_user'],
  pmec_admin: ['pmec_admin', 'compliance'],
};

/** The roles a set of roles may grant, in the order of ROLES; in an organisation of `kind`, only those it holds. */
export function grantableRoles(actorRoles: readonly Role[], kind?: OrganisationKind): Role[] {
  const out = new Set<Role>();
  for (const role of actorRoles) for (const grantable of GRANTABLE_ROLES[role] ?? []) out.add(grantable);
  return ROLES.filter((r) => out.has(r) && (!kind || roleFitsOrganisation(r, kind)));
}

/** Platform admins name the organisation; everyone else acts on their own (spec §6). */
export const mustEnterOrgId = (roles: readonly Role[]) => isPlatformAdmin(roles);

export const TEAM_MEMBER_STATUSES = ['pending', 'invited', 'approved', 'rejected', 'removed'] as const;

/** Spec part 2 §3 "Team member item". `id` is the member's user id. */
export const teamMemberSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(TEAM_MEMBER_STATUSES),
  approved: z.boolean(),
  created_at: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamOrgSchema = z.object({
  org_id: z.string(),
  org_name: z.string(),
  client_type: z.enum(['fi', 'pmec']),
  payee_key: z.string().nullable(),
});

/** One member's roles as Cognito holds them (platform admins' "Effective Roles" list). */
export const effectiveRolesSchema = z.object({ user_id: z.string(), email: z.string(), roles: z.array(z.enum(ROLES)) });

export const teamResponseSchema = z.object({
  org: teamOrgSchema,
  members: z.array(teamMemberSchema),
  grantable_roles: z.array(z.enum(ROLES)),
  /** Only for platform admins. */
  effective_roles: z.array(effectiveRolesSchema).optional(),
  /** Invitations the person declined, newest first: the admin sees the answer (and may invite again). */
  declined_invitations: z.array(z.object({ user_id: z.string(), email: z.string(), role: z.enum(ROLES), declined_at: z.string().nullable() })).default([]),
  /** Invitations not accepted in time (INVITATION_VALID_DAYS), newest first: apart from the members, and from the declined. */
  expired_invitations: z
    .array(z.object({ user_id: z.string(), email: z.string(), role: z.enum(ROLES), invited_at: z.string().nullable(), expired_at: z.string() }))
    .default([]),
});
export type TeamResponse = z.infer<typeof teamResponseSchema>;

const orgIdField = z.string().max(100).optional();

/** POST /api/team/members. Messages are checked as a whole so they reach the user word for word. */
export const addTeamMemberRequestSchema = z
  .object({ email: z.string().max(320).optional(), role: z.string().max(40).optional(), org_id: orgIdField })
  .transform((value, ctx) => {
    const email = normaliseEmail(value.email ?? '');
    const role = (value.role ?? '').trim().toLowerCase();
    const orgId = value.org_id?.trim() || undefined;
    if (!email || !role) ctx.addIssue({ code: 'custom', message: TEAM_MESSAGES.emailAndRole });
    else if (!isValidEmail(email)) ctx.addIssue({ code: 'custom', message: TEAM_MESSAGES.invalidEmail });
    else if (!(ROLES as readonly string[]).includes(role)) ctx.addIssue({ code: 'custom', message: TEAM_MESSAGES.roleNotAllowed });
    else if (orgId !== undefined && !isUuid(orgId)) ctx.addIssue({ code: 'custom', message: TEAM_MESSAGES.invalidOrgId });
    else return { email, role: role as Role, org_id: orgId };
    return z.NEVER;
  });
export type AddTeamMemberRequest = z.output<typeof addTeamMemberRequestSchema>;

export const addTeamMemberResponseSchema = z.object({
  member: teamMemberSchema,
  /** True when an invite email went out (a new user); false when an existing user was added. */
  invited: z.boolean(),
  message: z.string(),
});

export const removeTeamMemberResponseSchema = z.object({ ok: z.literal(true), member: teamMemberSchema, message: z.string() });

/** PATCH /api/team/members/{id}?org_id= {role}: an approved member's new role, one the caller may grant here. */
export const changeMemberRoleRequestSchema = z.object({ role: z.enum(ROLES, { message: TEAM_MESSAGES.roleNotAllowed }) });
export const ROLE_CHANGE_MESSAGES = {
  notMember: 'Only an approved member’s role can be changed. Load the team again.',
  self: 'You cannot change your own role. Ask another admin of this organisation.',
  changed: (email: string, role: string) => `${email} is now ${role} in this organisation.`,
} as const;

/** ?org_id=: the organisation a platform admin acts on (others act on their own). */
export const teamQuerySchema = z.object({ org_id: queryText });
