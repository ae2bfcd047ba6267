import { z } from 'zod';
import {
  isOrganisationRole,
  type OrganisationKind,
  PLATFORM_ROLE_REQUIRED,
  PLATFORM_ROLES,
  type PlatformRole,
  type Role,
  roleFitsOrganisation,
  ROLES,
} from '../roles.js';
import { queryText, queryValue } from './query.js';

const EMAIL = z.email();

export const isValidEmail = (value: string): boolean => value.length <= 254 && EMAIL.safeParse(value).success;

/** Spec part 2 §8 "Platform admin codes", word for word, keyed by code. */
export const PLATFORM_ADMIN_MESSAGES = {
  user_already_exists: 'That email is already registered. Ask them to sign in (or accept their invite).',
  role_already_granted: 'User already has this platform role.',
  invalid_email: 'Please enter a valid email address.',
  forbidden: "You don't have permission to grant this role.",
  invite_and_create_failed: "We couldn't invite or create this user.",
  user_resolution_failed: "We couldn't invite or create this user.",
  last_super_admin: 'Cannot remove the last super_admin',
  // Our own, where the spec is silent:
  not_platform_admin: 'That user does not hold this platform role.',
  role_required: PLATFORM_ROLE_REQUIRED,
  invite_exists: 'This person already has an invitation to this role, waiting for their answer.',
} as const;

/** What adding and withdrawing say: an invitation the person accepts, never a role given behind their back. */
export const platformInvitationMessage = (email: string, role: PlatformRole, newAccount: boolean): string =>
  newAccount
    ? `Invitation sent to ${email}. They become ${role} once they set their password from the email.`
    : `${email} already has an account: they were invited and become ${role} when they accept.`;
export const platformInvitationWithdrawn = (email: string, role: PlatformRole): string => `The invitation of ${email} to ${role} was withdrawn.`;

/** Spec §8: "Otherwise the server message is shown, else 'We couldn't invite or create this user.'" */
export function platformAdminErrorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : PLATFORM_ADMIN_MESSAGES.invite_and_create_failed;
}

export { PLATFORM_ROLES, type PlatformRole };

/** Spec §6 "Platform admin roles": super_admin may add both; sys_admin may add sys_admin. */
export const PLATFORM_ROLES_GRANTABLE_BY: Record<PlatformRole, readonly PlatformRole[]> = {
  super_admin: PLATFORM_ROLES,
  sys_admin: ['sys_admin'],
};

/** The platform roles a set of roles may grant, in the order of PLATFORM_ROLES. */
export function platformRolesGrantableBy(roles: readonly string[]): PlatformRole[] {
  const out = new Set<PlatformRole>();
  for (const role of PLATFORM_ROLES) if (roles.includes(role)) PLATFORM_ROLES_GRANTABLE_BY[role].forEach((r) => out.add(r));
  return PLATFORM_ROLES.filter((r) => out.has(r));
}

/** Spec §3 "Platform admin list item" (org_name is shown as GLOBAL when empty). */
export const platformAdminItemSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  role: z.enum(PLATFORM_ROLES),
  org_name: z.string().nullable(),
  created_at: z.string().nullable(),
});
export type PlatformAdminItem = z.infer<typeof platformAdminItemSchema>;

export const platformAdminsResponseSchema = z.object({
  items: z.array(platformAdminItemSchema),
  /** Invitations waiting for the person's answer: not admins (nor counted) until accepted. */
  invitations: z.array(platformAdminItemSchema),
  counts: z.object({ super_admin: z.number().int(), sys_admin: z.number().int() }),
});
export type PlatformAdminsResponse = z.infer<typeof platformAdminsResponseSchema>;

const roleOf = (value: string | undefined) => (PLATFORM_ROLES as readonly string[]).includes(value?.trim().toLowerCase() ?? '');

/** POST /api/admin/platform-admins: one message per problem, reaching the user word for word. */
export const addPlatformAdminRequestSchema = z
  .object({ email: z.string().max(320).optional(), role: z.string().max(40).optional() })
  .transform((value, ctx) => {
    const email = (value.email ?? '').trim().toLowerCase();
    if (!isValidEmail(email)) ctx.addIssue({ code: 'custom', message: PLATFORM_ADMIN_MESSAGES.invalid_email });
    else if (!roleOf(value.role)) ctx.addIssue({ code: 'custom', message: PLATFORM_ADMIN_MESSAGES.role_required });
    else return { email, role: value.role!.trim().toLowerCase() as PlatformRole };
    return z.NEVER;
  });

/** The add-platform-admin form: the request's checks, each message on the field it is about. */
export const addPlatformAdminFormSchema = z.object({
  email: z.string().refine((value) => isValidEmail(value.trim().toLowerCase()), PLATFORM_ADMIN_MESSAGES.invalid_email),
  role: z.string().refine(roleOf, PLATFORM_ADMIN_MESSAGES.role_required),
});

export const addPlatformAdminResponseSchema = z.object({
  item: platformAdminItemSchema,
  invited: z.boolean(),
  message: z.string(),
});

export const removePlatformAdminResponseSchema = z.object({ ok: z.literal(true), user_id: z.string(), role: z.enum(PLATFORM_ROLES), message: z.string() });

/** GET /api/admin/metrics (spec §3 "Admin dashboard metrics response": totals, fi, pmec, ts). */
const roleCountsSchema = z.object({
  admins: z.number().int(),
  data_users: z.number().int(),
  compliance: z.number().int(),
  organisations: z.number().int(),
});
export const adminMetricsResponseSchema = z.object({
  totals: z.object({ auth_users: z.number().int(), platform_admins: z.number().int(), pending_approvals: z.number().int() }),
  fi: roleCountsSchema,
  pmec: roleCountsSchema,
  ts: z.string(),
});
export type AdminMetrics = z.infer<typeof adminMetricsResponseSchema>;

/**
 * From when each account's confirmation time is recorded (the PostConfirmation trigger and the invitation's
 * acceptance): a confirmed account made before has none, and the inspector says "Before" this day.
 */
export const CONFIRMATIONS_RECORDED_FROM = '2026-11-27T00:00:00.000Z';

/**
 * Spec §3 "Auth user details". last_sign_in_at is recorded by the sign-in trigger; null before the first sign-in.
 * email_confirmed_at is when the account was confirmed, as recorded; `confirmed` is whether Cognito holds it confirmed.
 */
export const authUserDetailsSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.string(),
  enabled: z.boolean(),
  created_at: z.string().nullable(),
  email_confirmed_at: z.string().nullable(),
  confirmed: z.boolean(),
  last_sign_in_at: z.string().nullable(),
  identities_count: z.number().int(),
  factors_count: z.number().int(),
});
export type AuthUserDetails = z.infer<typeof authUserDetailsSchema>;

/** The four linked tables of the User Inspector (spec §2 and §4). */
export const userLinksSchema = z.object({
  org_members: z.array(
    z.object({
      org_id: z.string(),
      org_name: z.string(),
      role: z.string(),
      status: z.string(),
      created_at: z.string().nullable(),
      decided_at: z.string().nullable(),
    }),
  ),
  access_requests: z.array(
    z.object({
      id: z.string(),
      org_name: z.string(),
      client_type: z.string(),
      payee_key: z.string().nullable(),
      status: z.string(),
      created_at: z.string().nullable(),
    }),
  ),
  admin_users: z.array(z.object({ role: z.string(), created_at: z.string().nullable() })),
  user_roles: z.array(z.object({ role_id: z.string(), created_at: z.string().nullable() })),
});

export const userLinksResponseSchema = z.object({
  ok: z.literal(true),
  email: z.string(),
  user_id: z.string().nullable(),
  auth_user: authUserDetailsSchema.nullable(),
  counts: z.object({ org_members: z.number().int(), access_requests: z.number().int(), admin_users: z.number().int(), user_roles: z.number().int() }),
  /** The links that keep the account from being deleted (removed, rejected and declined rows do not). */
  blocking_links: z.number().int(),
  links: userLinksSchema,
});
export type UserLinksResponse = z.infer<typeof userLinksResponseSchema>;

export const deleteAuthUserResponseSchema = z.object({ ok: z.literal(true), email: z.string(), user_id: z.string(), message: z.string() });

export const INSPECTOR_MESSAGES = {
  noAuthUser: 'There is no account with this email, so there is nothing to delete.',
  hasLinks: 'This account still has links. Remove its memberships, pending requests and roles first.',
  deleted: 'The account was deleted.',
} as const;

export const ACCESS_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'removed'] as const;
export const GRANT_ROLES = ['fi_admin', 'pmec_admin'] as const;

/** An organisation a request names that exists, with the emails of its approved admins. */
export const existingOrgSchema = z.object({ org_id: z.string(), org_name: z.string(), payee_key: z.string().nullable(), admins: z.array(z.string()) });
export type ExistingOrg = z.infer<typeof existingOrgSchema>;

/** The admin role an approval that creates an organisation grants: the one its kind holds (FI Admin for an FI). */
export const grantRolesFor = (clientType: OrganisationKind): GrantRole[] => GRANT_ROLES.filter((role) => roleFitsOrganisation(role, clientType));
export type GrantRole = (typeof GRANT_ROLES)[number];

/** Spec §3 "Access request / membership", normalised; documents are the kinds uploaded for it. */
export const accessRequestItemSchema = z.object({
  id: z.string(),
  email: z.string(),
  org_name: z.string(),
  client_type: z.enum(['fi', 'pmec']),
  payee_key: z.string().nullable(),
  full_name: z.string().nullable(),
  requested_role: z.enum(ROLES),
  status: z.enum(ACCESS_REQUEST_STATUSES),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decision_note: z.string().nullable(),
  /** The organisation an approval created or joined, its name, and the role the approval granted. */
  org_id: z.string().nullable(),
  granted_org_name: z.string().nullable(),
  role_granted: z.enum(ROLES).nullable(),
  source: z.literal('access_requests'),
  documents: z.array(z.string()),
  /** Of those documents, the ones whose file never arrived, and the ones that arrived but are not PDFs. */
  missing_documents: z.array(z.string()),
  not_pdf_documents: z.array(z.string()),
  /** A pending request's organisation when it exists already: approving joins it, by explicit choice only. */
  existing_org: existingOrgSchema.nullable(),
});
export type AccessRequestItem = z.infer<typeof accessRequestItemSchema>;

export const accessRequestListResponseSchema = z.object({ items: z.array(accessRequestItemSchema), next_cursor: z.string().nullable() });

export const ACCESS_DECISION_MESSAGES = {
  reasonRequired: 'Enter a reason to reject or remove this request.',
  roleRequired: 'Choose the role to grant: FI Admin for an FI, PMEC Admin for PMEC.',
  notFound: 'That access request was not found. Refresh the list.',
  alreadyDecided: 'This request has already been decided. Refresh the list.',
  accountGone: 'The account that made this request no longer exists. Remove the request instead.',
  approved: 'Access approved.',
  rejected: 'Access request rejected.',
  removed: 'Access request removed.',
  removedKept: 'Access request removed. The account still has other links, so it was kept.',
  revoked: 'Access revoked: the membership was removed and the person was signed out. Their account was kept.',
  orgNameRequired: 'Enter the name of the organisation this approval creates.',
  joinRoleInvalid: 'Choose a role the organisation has: FI Admin, Compliance or Data User for an FI; PMEC Admin, Compliance or Data User for PMEC.',
  orgGone: 'The organisation chosen to join no longer exists. Refresh the list.',
  orgNameTaken: (name: string, kind: 'fi' | 'pmec', payeeKey: string | null) =>
    `An organisation named ${name} already exists (${kind === 'fi' ? 'FI' : 'PMEC'}${payeeKey ? `, payee key ${payeeKey}` : ''}). Type another name for the new organisation, or reject this request.`,
  orgExists: (name: string, admins: readonly string[]) =>
    `The organisation ${name} already exists${admins.length ? ` (admins: ${admins.join(', ')})` : ' and has no admins'}. Choose to join it with a role, or reject this request.`,
} as const;

/** POST /api/admin/access-requests/{id}/decision (spec §7 /admin-approve). */
export const accessDecisionRequestSchema = z
  .object({
    decision: z.enum(['approve', 'reject', 'remove']),
    role: z.string().max(40).optional(),
    note: z.string().max(2000).optional(),
    org_name: z.string().max(200).optional(),
    /** The explicit choice to join this existing organisation (its id, as the list showed it). */
    join_org_id: z.string().max(100).optional(),
  })
  .transform((value, ctx) => {
    const note = value.note?.trim() ?? '';
    const role = value.role?.trim().toLowerCase();
    const orgName = value.org_name?.trim() || undefined;
    if (value.decision !== 'approve' && !note) ctx.addIssue({ code: 'custom', message: ACCESS_DECISION_MESSAGES.reasonRequired });
    else if (value.decision === 'approve' && !value.join_org_id && !(GRANT_ROLES as readonly string[]).includes(role ?? '')) {
      ctx.addIssue({ code: 'custom', message: ACCESS_DECISION_MESSAGES.roleRequired });
    } else if (value.decision === 'approve' && value.join_org_id && !((ROLES as readonly string[]).includes(role ?? '') && isOrganisationRole(role as Role))) {
      ctx.addIssue({ code: 'custom', message: ACCESS_DECISION_MESSAGES.joinRoleInvalid });
    } else {
      const join = value.decision === 'approve' ? value.join_org_id?.trim() || undefined : undefined;
      return { decision: value.decision, role: role as Role | undefined, note: note || undefined, org_name: orgName, join_org_id: join };
    }
    return z.NEVER;
  });
export type AccessDecisionRequest = z.output<typeof accessDecisionRequestSchema>;

export const accessDecisionResponseSchema = z.object({
  ok: z.literal(true),
  id: z.string(),
  status: z.enum(ACCESS_REQUEST_STATUSES),
  message: z.string(),
  org_id: z.string().nullable(),
  kept_auth_user: z.boolean(),
  links: userLinksResponseSchema.nullable(),
});
export type AccessDecisionResponse = z.infer<typeof accessDecisionResponseSchema>;

/** GET /api/admin/access-requests/{id}/documents: signed links (spec §9: 900 s for onboarding). */
export const ONBOARDING_LINK_SECONDS = 900;
export const accessRequestDocumentsResponseSchema = z.object({
  id: z.string(),
  expires_in: z.number().int(),
  /** url is null for a document never uploaded, and for one that is not a PDF (it is never served as one). */
  items: z.array(z.object({ doc: z.string(), label: z.string(), url: z.string().nullable(), uploaded: z.boolean(), not_pdf: z.boolean() })),
});

// ---- Query strings and path parameters ----

/** GET /api/admin/access-requests?status=&q=&cursor= (spec §7 /admin-list-pending): pending by default. */
export const accessRequestListQuerySchema = z.object({
  status: queryValue((raw, refuse) => {
    const status = (raw ?? 'pending').trim().toLowerCase();
    if (status === 'all') return null;
    if (!(ACCESS_REQUEST_STATUSES as readonly string[]).includes(status)) refuse('status must be pending, approved, rejected or all.', 'invalid_status');
    return status;
  }),
  // Spec §5: commas, percent signs and asterisks are stripped from search text.
  q: queryValue((raw) => (raw ?? '').replace(/[,%*]/g, '').trim().slice(0, 100)),
  cursor: queryText,
});

export type AccessRequestListQuery = z.output<typeof accessRequestListQuerySchema>;

/** DELETE /api/admin/platform-admins/{user_id}?role= */
export const platformAdminRoleQuerySchema = z.object({ role: queryText });

/** /api/admin/users/{email}: the inspected user's email, trimmed and lower-cased. */
export const userEmailParamsSchema = z.object({
  email: queryValue((raw, refuse) => {
    const email = (raw ?? '').trim().toLowerCase();
    if (!isValidEmail(email)) refuse(PLATFORM_ADMIN_MESSAGES.invalid_email, 'invalid_email');
    return email;
  }),
});

/**
 * A membership whose role its organisation's kind does not hold (a lender's PMEC Admin): it grants nothing
 * until a platform admin fixes it, by changing the role on /team or removing the membership.
 */
export const roleMismatchSchema = z.object({
  org_id: z.string(),
  org_name: z.string(),
  client_type: z.enum(['fi', 'pmec']),
  user_id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(['pending', 'invited', 'approved']),
  /** The roles the organisation's kind holds. */
  allowed_roles: z.array(z.enum(ROLES)),
});
export type RoleMismatch = z.infer<typeof roleMismatchSchema>;
export const roleMismatchesResponseSchema = z.object({ items: z.array(roleMismatchSchema) });
