import { BILLING_MESSAGES } from '../../../shared/api/dashboard.js';
import { isUuid } from '../../../shared/ids.js';
import { findOrganisationByPayeeKey, getOrganisation, type Organisation } from '../../data/directory.js';
import { listUserMemberships, type MemberItem } from '../../data/memberships.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { ExpiringMap } from '../../lib/expiring-map.js';

/**
 * The organisation a signed-in user's figures belong to: their latest approved membership, whatever
 * its role (spec part 1 §6: everyone but super and system admins sees their organisation's figures).
 * Null for a user in no organisation yet.
 */
export async function callerMembership(userId: string): Promise<MemberItem | null> {
  const approved = (await listUserMemberships(userId)).filter((m) => m.status === 'approved');
  const when = (m: MemberItem) => m.decided_at ?? m.created_at ?? '';
  return approved.sort((a, b) => when(b).localeCompare(when(a)))[0] ?? null;
}

const ORG_TTL_MS = 60_000;
const ORG_CACHE_MAX = 10_000;
const orgCache = new ExpiringMap<string, string | null>(ORG_CACHE_MAX);

/**
 * The caller's organisation id for an audit entry, remembered for a minute per warm function: a history
 * lookup is the hot path, and its entry may name an organisation a member left less than a minute ago
 * rather than spend a third database call on every lookup. Figures and billing never use this.
 */
export async function auditOrgId(userId: string, now = Date.now()): Promise<string | null> {
  const hit = orgCache.get(userId, now);
  if (hit !== undefined) return hit;
  const orgId = (await callerMembership(userId))?.org_id ?? null;
  orgCache.set(userId, orgId, now + ORG_TTL_MS);
  return orgId;
}

/** An organisation named by its id (a UUID) or its payee key, as a platform admin types it. */
export async function organisationNamed(q: string | undefined): Promise<Organisation> {
  const value = (q ?? '').trim();
  if (!value || value.length > 64) throw new BadRequestError(BILLING_MESSAGES.enterOrganisation, 'validation_failed');
  const org = isUuid(value) ? await getOrganisation(value.toLowerCase()) : await findOrganisationByPayeeKey(value.toUpperCase());
  if (!org) throw new NotFoundError(BILLING_MESSAGES.noOrganisation, 'org_not_found');
  return org;
}
