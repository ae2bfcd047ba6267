import { ORG_ADMIN_ROLES } from '#data/directory/memberships.js';
import type { StoredDispute } from '#data/disputes/disputes.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { organisationsWith, ROLE_SETS, rolesIn } from '#shared/access.js';
import { isDecided } from '#shared/api/disputes.js';
import { hasAnyRole, isPlatformAdmin } from '#shared/roles.js';

/**
 * Who may do what with which dispute, decided per organisation from the caller's directory roles.
 * Reviewers (compliance, PMEC admins, platform admins) open and see the disputes of the organisations
 * they review: platform admins and PMEC's reviewers every organisation, a compliance member of an FI
 * organisation that organisation. Compliance and platform admins decide, with the same reach. The
 * approved admins of the organisation owning the disputed payee key see its disputes and answer them.
 * A PMEC admin is a reviewer here, as on /reviews, and answers those on PMEC's own keys.
 */
export interface DisputeRights {
  me: AuthenticatedCaller;
  /** Sees every organisation's disputes: platform admins and PMEC's reviewers. */
  reviewsAll: boolean;
  /** Organisations the caller is an approved admin of. */
  adminOf: ReadonlySet<string>;
}

export async function disputeRightsOf(me: AuthenticatedCaller): Promise<DisputeRights> {
  const overseeing = rolesIn(me, null, { oversight: true });
  return {
    me,
    reviewsAll: isPlatformAdmin(me.platformRoles) || hasAnyRole(overseeing, ROLE_SETS.reviewers),
    adminOf: new Set(organisationsWith(me, ORG_ADMIN_ROLES)),
  };
}

type Subject = Pick<StoredDispute, 'org_id' | 'status'>;

/** Whether the caller reviews (opens, sees) the disputes of this organisation. */
export const reviews = (r: DisputeRights, orgId: string) => hasAnyRole(rolesIn(r.me, orgId, { oversight: true }), ROLE_SETS.reviewers);
export const decides = (r: DisputeRights, orgId: string) => hasAnyRole(rolesIn(r.me, orgId, { oversight: true }), ROLE_SETS.disputeDeciders);

/** Whose disputes the caller sees: every one (null), or those of the organisations they review or administer. */
export const visibleOrganisations = (r: DisputeRights): string[] | null =>
  r.reviewsAll ? null : [...new Set([...organisationsWith(r.me, ROLE_SETS.reviewers), ...r.adminOf])];

/** Whether the caller may open disputes at all (somewhere). */
export const mayOpen = (r: DisputeRights) => r.reviewsAll || organisationsWith(r.me, ROLE_SETS.reviewers).length > 0;
export const canSee = (r: DisputeRights, d: Subject) => reviews(r, d.org_id) || r.adminOf.has(d.org_id);
export const isLender = (r: DisputeRights, d: Subject) => r.adminOf.has(d.org_id);
export const canRespond = (r: DisputeRights, d: Subject) => isLender(r, d) && d.status === 'open';
export const canDecide = (r: DisputeRights, d: Subject) => decides(r, d.org_id) && !isDecided(d.status);
export const canAddEvidence = (r: DisputeRights, d: Subject) => canSee(r, d) && !isDecided(d.status);
