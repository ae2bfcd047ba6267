import { isDecided } from '../../../shared/api/disputes.js';
import { ROLE_SETS } from '../../../shared/access.js';
import { hasAnyRole } from '../../../shared/roles.js';
import { adminOrganisations } from '../../data/memberships.js';
import type { StoredDispute } from '../../data/disputes.js';
import type { AuthenticatedCaller } from '../../lib/caller.js';

/**
 * Who may do what with which dispute (issue 16 §1). Reviewers — compliance, PMEC admins, platform
 * admins — open disputes and see them all; compliance and platform admins decide; the approved admins
 * of the organisation owning the disputed payee key see its disputes and answer them. Decision: a PMEC
 * admin is a reviewer here, as on /reviews, so sees every dispute, and answers those on PMEC's own keys.
 */
export interface DisputeRights {
  reviewer: boolean;
  decider: boolean;
  /** Organisations the caller is an approved admin of. */
  adminOf: ReadonlySet<string>;
}

export async function disputeRightsOf(me: AuthenticatedCaller): Promise<DisputeRights> {
  return {
    reviewer: hasAnyRole(me.roles, ROLE_SETS.reviewers),
    decider: hasAnyRole(me.roles, ROLE_SETS.disputeDeciders),
    adminOf: await adminOrganisations(me.userId, me.roles),
  };
}

type Subject = Pick<StoredDispute, 'org_id' | 'status'>;

/** Whose disputes the caller sees: every one (null) for reviewers, otherwise those of the organisations they administer. */
export const visibleOrganisations = (r: DisputeRights): string[] | null => (r.reviewer ? null : [...r.adminOf]);

export const canSee = (r: DisputeRights, d: Subject) => r.reviewer || r.adminOf.has(d.org_id);
export const isLender = (r: DisputeRights, d: Subject) => r.adminOf.has(d.org_id);
export const canRespond = (r: DisputeRights, d: Subject) => isLender(r, d) && d.status === 'open';
export const canDecide = (r: DisputeRights, d: Subject) => r.decider && !isDecided(d.status);
export const canAddEvidence = (r: DisputeRights, d: Subject) => canSee(r, d) && !isDecided(d.status);
