import { z } from 'zod';
import { PLATFORM_ROLE_REQUIRED, PLATFORM_ROLES, ROLES } from '../roles.js';
import { isValidPayeeKey, normalisePayeeKey } from '../rules/payee-key.js';
import { presignedPostSchema } from './presigned-post.js';

/** Spec part 2 §5 and §8, word for word. */
export const ACCOUNT_MESSAGES = {
  emailRequired: 'Email is required.',
  invalidEmail: 'Please enter a valid email address.',
  emailInUse: 'This email is already in use. Please Sign In or click Forgot Password.',
  forgotEmailRequired: 'Enter your email.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordsDiffer: 'Passwords do not match.',
  rateLimited: 'Signup temporarily rate-limited. Please try again shortly or Sign In if you already have an account.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  fiDocsMissing: 'Attach TPIN, PACRA and Application Letter.',
  pmecDocsMissing: 'Attach Introductory Letter and NRC.',
  resetLinkMissing: 'Reset link is missing or invalid.',
  resetLinkInvalid: 'Reset link invalid or expired',
  inviteInvalid: 'Invite link is invalid or expired. Please request a new invite.',
  temporaryPasswordMissing: 'Type the temporary password from your invitation email.',
  temporaryPasswordWrong:
    'That is not the temporary password of this invitation, or the invitation has been used or has expired. Check the email, or ask the administrator for a new invite.',
  payeeKeyRequired: 'Payee Key / Deduction Code is required.',
  payeeKeyInvalid: 'Enter a valid Payee Key / Deduction Code: 2 to 20 letters, digits, dots, underscores or hyphens.',
  orgNameRequired: 'Organisation name is required.',
  signUpNotProven: 'We could not confirm your sign-up for this email. Please start the Request Access form again.',
} as const;

/** What the reset and invite links say beyond the spec's catalogue. */
export const LINK_MESSAGES = {
  signedOut: (email: string) => `You were signed out as ${email} on this browser, so the password you set here is the one that signs in next.`,
  noInvite: (email: string) =>
    `There is no invite waiting for ${email}. If you were sent an invite email, open the link in it; an administrator can send you a new one.`,
  inviteAccepted: 'Your invite is accepted.',
  passwordSavedInviteAccepted: 'Your password is saved and your invite is accepted.',
} as const;

/** Spec part 2 §9. */
export const PASSWORD_MIN_LENGTH = 8;
export const ONBOARDING_MAX_BYTES = 10 * 1024 * 1024;
export const ONBOARDING_CONTENT_TYPE = 'application/pdf';

export const CLIENT_TYPES = ['fi', 'pmec'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/** Spec part 2 §3 "Onboarding documents": FI needs tpin, pacra, application; PMEC intro_letter, nrc. */
export const ONBOARDING_DOCS = {
  fi: ['tpin', 'pacra', 'application'],
  pmec: ['intro_letter', 'nrc'],
} as const satisfies Record<ClientType, readonly string[]>;
export type OnboardingDoc = (typeof ONBOARDING_DOCS)[ClientType][number];

export const ONBOARDING_DOC_LABELS: Record<OnboardingDoc, string> = {
  tpin: 'TPIN',
  pacra: 'PACRA',
  application: 'Application Letter',
  intro_letter: 'Introductory Letter',
  nrc: 'NRC',
};

/** The object key of one onboarding document in the onboarding bucket. */
export const onboardingDocKey = (requestId: string, doc: OnboardingDoc): string => `requests/${requestId}/${doc}.pdf`;

/** '{doc} must be a PDF.' / '{doc} is too large (max 10MB).' (spec part 2 §5). */
export const docNotPdfMessage = (doc: OnboardingDoc): string => `${ONBOARDING_DOC_LABELS[doc]} must be a PDF.`;
export const docTooLargeMessage = (doc: OnboardingDoc): string => `${ONBOARDING_DOC_LABELS[doc]} is too large (max 10MB).`;

export const normaliseEmail = (value: string): string => value.trim().toLowerCase();

/** Spec part 2 §5: an empty full name becomes the organisation (else the email's name) plus "Admin". */
export function deriveFullName(input: { full_name?: string | null; org_name?: string | null; email: string }): string {
  const given = input.full_name?.trim();
  if (given) return given;
  const base = input.org_name?.trim() || input.email.split('@')[0] || input.email;
  return `${base} Admin`;
}

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, ACCOUNT_MESSAGES.emailRequired)
  .max(254)
  .pipe(z.email({ message: ACCOUNT_MESSAGES.invalidEmail }));

/** GET /api/email-availability?email= */
export const emailAvailabilityQuerySchema = z.object({ email: emailSchema });
export const emailAvailabilityResponseSchema = z.object({ available: z.boolean() });
export type EmailAvailabilityResponse = z.infer<typeof emailAvailabilityResponseSchema>;

/**
 * POST /api/access-requests. `user_sub` is what Cognito's SignUp answered: the server accepts the
 * request only for the unconfirmed account with this email and this sub, i.e. the one just created.
 */
const organisationFields = {
  client_type: z.enum(CLIENT_TYPES),
  org_name: z.string().trim().max(200).optional().default(''),
  payee_key: z.string().max(40).optional().default(''),
  full_name: z.string().trim().max(200).optional().default(''),
};

/** The organisation a request names: an FI's payee key (upper-cased, valid), a PMEC's name. */
function organisationRules<T extends { client_type: (typeof CLIENT_TYPES)[number]; org_name: string; payee_key: string }>(schema: z.ZodType<T>) {
  return schema
    .transform((body) => ({ ...body, payee_key: body.client_type === 'fi' ? normalisePayeeKey(body.payee_key) : '' }))
    .superRefine((body, ctx) => {
      if (body.client_type === 'fi' && !body.payee_key) ctx.addIssue({ code: 'custom', path: ['payee_key'], message: ACCOUNT_MESSAGES.payeeKeyRequired });
      else if (body.client_type === 'fi' && !isValidPayeeKey(body.payee_key))
        ctx.addIssue({ code: 'custom', path: ['payee_key'], message: ACCOUNT_MESSAGES.payeeKeyInvalid });
      if (body.client_type === 'pmec' && !body.org_name) ctx.addIssue({ code: 'custom', path: ['org_name'], message: ACCOUNT_MESSAGES.orgNameRequired });
    });
}

export const accessRequestBodySchema = organisationRules(
  z.object({ email: emailSchema, ...organisationFields, user_sub: z.uuid({ message: ACCOUNT_MESSAGES.signUpNotProven }) }),
);

/**
 * POST /api/me/access-request: a signed-in account without access (its request rejected, its membership
 * removed, or no request ever filed) files a new request, with new documents, for its own email.
 */
export const renewAccessRequestBodySchema = organisationRules(z.object(organisationFields));

export const RENEW_MESSAGES = {
  hasAccess: 'Your account already has access: open the platform instead.',
  pending: 'Your access request is still waiting for review: there is nothing to file again.',
} as const;

export const accessRequestResponseSchema = z.object({
  id: z.string(),
  status: z.literal('pending'),
  uploads: z.partialRecord(z.enum(['tpin', 'pacra', 'application', 'intro_letter', 'nrc']), presignedPostSchema),
});
export type AccessRequestResponse = z.infer<typeof accessRequestResponseSchema>;

const invitedOrg = z.uuid({ message: 'Please enter a valid Organisation ID.' });
const invitedPlatformRole = z.enum(PLATFORM_ROLES, { message: PLATFORM_ROLE_REQUIRED });

/**
 * POST /api/team/accept-invite: no fields (an empty object or no body) accepts every invitation waiting
 * for the caller, as /invite-accept does for a new account; `org_id` accepts that organisation's only,
 * `platform_role` that platform role's only (the invitation card of the home page).
 */
export const acceptInviteRequestSchema = z.strictObject({ org_id: invitedOrg.optional(), platform_role: invitedPlatformRole.optional() });

/** POST /api/team/decline-invite {org_id} or {platform_role}: that one invitation is declined. */
export const declineInviteRequestSchema = z
  .strictObject({ org_id: invitedOrg.optional(), platform_role: invitedPlatformRole.optional() })
  .refine((b) => Boolean(b.org_id) !== Boolean(b.platform_role), { message: 'Name the invitation to decline: org_id or platform_role.' });
export const declineInviteResponseSchema = z.object({
  declined: z.object({ org_id: z.string().nullable(), org_name: z.string(), role: z.string() }),
  message: z.string(),
});

/** POST /api/team/accept-invite: the memberships accepted through an invite (stable across retries). */
export const acceptInviteResponseSchema = z.object({
  accepted: z.array(z.object({ org_id: z.string().nullable(), org_name: z.string(), role: z.string() })),
});
export type AcceptInviteResponse = z.infer<typeof acceptInviteResponseSchema>;

// ---- The signed-in user: GET /api/me ----

/** Spec part 2 §5 (reset, invite, sign-up): a new password of at least 8 characters, typed twice the same. */
export const passwordPairSchema = z.object({ password: z.string(), confirm: z.string() }).superRefine((pair, ctx) => {
  if (pair.password.length < PASSWORD_MIN_LENGTH) ctx.addIssue({ code: 'custom', path: ['password'], message: ACCOUNT_MESSAGES.passwordTooShort });
  if (pair.password !== pair.confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: ACCOUNT_MESSAGES.passwordsDiffer });
});

/** Spec part 2 §2 "Forgot": the one email field. */
export const forgotPasswordSchema = z.object({ email: z.string().trim().min(1, ACCOUNT_MESSAGES.forgotEmailRequired) });

export const membershipSchema = z.object({
  org_id: z.string(),
  org_name: z.string(),
  client_type: z.enum(['fi', 'pmec']),
  payee_key: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(['pending', 'invited', 'approved', 'rejected', 'removed']),
  /** When it was last decided: approved, declined or removed. */
  decided_at: z.string().nullable().optional(),
});

/** The account's latest access request, as its person sees it on /pending. */
export const ownAccessRequestSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'approved', 'rejected', 'removed']),
  client_type: z.enum(CLIENT_TYPES),
  org_name: z.string(),
  payee_key: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  /** The reason given with a rejection. */
  decision_note: z.string().nullable(),
});
export type OwnAccessRequest = z.infer<typeof ownAccessRequestSchema>;

/** An organisation the caller may act for (an approved membership): what the switcher shows. */
export const actingOrganisationSchema = z.object({
  org_id: z.string(),
  org_name: z.string(),
  client_type: z.enum(['fi', 'pmec']),
  role: z.enum(ROLES),
});
export type ActingOrganisation = z.infer<typeof actingOrganisationSchema>;

export const meResponseSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  approved: z.boolean(),
  memberships: z.array(membershipSchema),
  /** Platform roles the person was invited to and has not answered. */
  platform_invitations: z.array(z.enum(PLATFORM_ROLES)).default([]),
  /** The organisations the caller may act for (approved memberships), whatever they act for now. */
  organisations: z.array(actingOrganisationSchema).default([]),
  /** Platform roles held, even while acting for an organisation (then `roles` holds that organisation's role only). */
  platform_roles: z.array(z.enum(PLATFORM_ROLES)).default([]),
  /** The organisation this request acted for (header `X-Acting-Org` or the only one), or null. */
  acting_org_id: z.string().nullable().default(null),
  /** The latest access request this account filed, or null. */
  access_request: ownAccessRequestSchema.nullable().default(null),
});
export type MeResponse = z.infer<typeof meResponseSchema>;
