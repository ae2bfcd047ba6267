import { ONBOARDING_DOCS } from '../../../shared/api/accounts.js';
import type { AccessRequestItem, AuthUserDetails, PlatformAdminItem, PlatformRole } from '../../../shared/api/admin.js';
import type { StoredRequest } from '../../data/access-decisions.js';
import type { CognitoUser } from '../../data/users.js';

/** Responses of the administration routes, built from stored records. */

/** An access request as the administration screens show it. */
export function accessRequestView(r: StoredRequest): AccessRequestItem {
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
    source: 'access_requests',
    // DynamoDB keeps no map order: documents come in the spec's order.
    documents: (ONBOARDING_DOCS[r.client_type] ?? []).filter((doc) => r.documents?.[doc]),
  };
}

/** A platform admin as the Platform admins screen shows it. */
export function platformAdminView(user: Pick<CognitoUser, 'sub' | 'email'>, role: PlatformRole, createdAt: string | null): PlatformAdminItem {
  return { user_id: user.sub, email: user.email, role, org_name: null, created_at: createdAt };
}

/** The auth user as the User Inspector shows it. */
export function authUserView(user: CognitoUser): AuthUserDetails {
  return {
    id: user.sub,
    email: user.email,
    status: user.status,
    enabled: user.enabled,
    created_at: user.createdAt,
    // Cognito keeps no confirmation time: a confirmed, verified account shows its last change.
    email_confirmed_at: user.status === 'CONFIRMED' && user.emailVerified ? user.updatedAt : null,
    // Cognito does not record sign-ins without advanced security features; shown as not recorded.
    last_sign_in_at: null,
    identities_count: user.identitiesCount,
    factors_count: user.factorsCount,
  };
}
