import type { StoredRequest } from '#data/directory/access-decisions.js';
import { documentState } from '#data/directory/access-requests.js';
import type { CognitoUser } from '#data/directory/staff-users.js';
import { ONBOARDING_DOCS } from '#shared/api/accounts.js';
import type { AccessRequestItem, AuthUserDetails, ExistingOrg, PlatformAdminItem, PlatformRole } from '#shared/api/admin.js';

/** Responses of the administration routes, built from stored records. */

/** An access request as the administration screens show it. */
export function accessRequestView(r: StoredRequest, existingOrg: ExistingOrg | null = null): AccessRequestItem {
  // DynamoDB keeps no map order: documents come in the spec's order.
  const documents = (ONBOARDING_DOCS[r.client_type] ?? []).filter((doc) => r.documents?.[doc]);
  return {
    id: r.id,
    email: r.email,
    org_name: r.org_name ?? '',
    client_type: r.client_type,
    payee_key: r.payee_key ?? null,
    full_name: r.full_name ?? null,
    requested_role: r.requested_role,
    status: r.status,
    created_at: r.created_at,
    decided_at: r.decided_at ?? null,
    decision_note: r.decision_note ?? null,
    org_id: r.org_id ?? null,
    granted_org_name: r.granted_org_name ?? null,
    role_granted: r.role_granted ?? null,
    source: 'access_requests',
    documents,
    // The onboarding bucket's event records each file as it lands (lambdas/events/check-document.ts).
    missing_documents: documents.filter((doc) => !documentState(r, doc)),
    not_pdf_documents: documents.filter((doc) => documentState(r, doc) === 'not_pdf'),
    existing_org: existingOrg,
  };
}

/** A platform admin as the Platform admins screen shows it. */
export function platformAdminView(user: Pick<CognitoUser, 'sub' | 'email'>, role: PlatformRole, createdAt: string | null): PlatformAdminItem {
  return { user_id: user.sub, email: user.email, role, org_name: null, created_at: createdAt };
}

/** The auth user as the User Inspector shows it. */
export function authUserView(user: CognitoUser, lastSignInAt: string | null, confirmedAt: string | null): AuthUserDetails {
  return {
    id: user.sub,
    email: user.email,
    status: user.status,
    enabled: user.enabled,
    created_at: user.createdAt,
    // Cognito keeps no confirmation time: the directory's record of it (lambdas/data/directory/sign-ins.ts), null when none.
    email_confirmed_at: confirmedAt,
    confirmed: user.status === 'CONFIRMED',
    // Recorded by the PostAuthentication trigger (lambdas/auth/post-authentication.ts); null before the first.
    last_sign_in_at: lastSignInAt,
    identities_count: user.identitiesCount,
    factors_count: user.factorsCount,
  };
}
