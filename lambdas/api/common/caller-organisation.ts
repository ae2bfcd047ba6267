import { listUserMemberships, type MemberItem } from '../../data/memberships.js';
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
