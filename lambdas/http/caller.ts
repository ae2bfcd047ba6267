import { type DirectoryAccess, readDirectoryAccess } from '#data/directory/caller-access.js';
import { ExpiringMap } from '#lib/expiring-map.js';
import { ACTING_ORG_HEADER, CALLER_TTL_MS, type Caller, type Grant } from '#shared/access.js';
import type { ActingOrganisation } from '#shared/api/accounts.js';
import type { AuthorizerClaims } from '#shared/authorizer.js';
import { ROLES, type Role } from '#shared/roles.js';
import type { ApiEvent } from './api-event.js';

export interface AuthenticatedCaller extends Caller {
  /** A person signed in to the staff pool, or an organisation's API client (lambdas/http/client-caller.ts). */
  kind: 'person' | 'client';
  /** An API client's own name and id (kind 'client'); its `email` is then how the audit log names it. */
  client?: { clientId: string; name: string; orgName: string };
  signedIn: true;
  userId: string;
  email: string;
  roles: Role[];
  platformRoles: Role[];
  grants: Grant[];
  /**
   * Every organisation the caller is an approved member of (what they may act for), read with the grants
   * from their membership items, whatever they act for on this request.
   */
  organisations: MemberOrganisation[];
  actingOrgId: string | null;
  /**
   * How this request's grants were narrowed (see `actFor`): for one organisation, as the platform (a
   * platform admin who chose none: platform roles only), or not at all (a route that acts for no
   * organisation, or a caller in none). A fresh read is narrowed the same way.
   */
  acting: 'organisation' | 'platform' | 'unchosen';
  /** For a caller without access: the organisation they were last removed from, and when (what a refusal tells them). */
  removedFrom?: { orgName: string; at: string } | null;
}
/** An approved membership as the caller's organisation: the switcher's fields and the payee key. */
export interface MemberOrganisation extends ActingOrganisation {
  payee_key: string | null;
}
export type AnyCaller = AuthenticatedCaller | { signedIn: false; approved: false; roles: [] };
/**
 * An employee signed in through their own user pool: the NRC and employee number are the directory's
 * (the link written when their code was sent), never the token's. Staff routes treat them as no session.
 */
export interface EmployeeCaller {
  signedIn: true;
  approved: false;
  employee: true;
  roles: [];
  userId: string;
  nrc: string;
  employeeNumber: string;
}
/** Whoever a request's access check let through, or named when it refused them. */
export type RequestCaller = AnyCaller | EmployeeCaller;
/** Who the token proves the caller is; what they may do is the directory's to say. */
export interface Identity {
  userId: string;
  email: string;
}

export const ANONYMOUS: AnyCaller = { signedIn: false, approved: false, roles: [] };

/**
 * The claims the route's authorizer verified (lambdas/auth/api-authorizer.ts), or null. The authorizer's
 * verdict on a token is cached for a few seconds (infra/constructs/api.ts): a token past its expiry is
 * refused here even when that verdict came from the cache.
 */
export function verifiedClaims(event: Pick<ApiEvent, 'requestContext'>, now = Date.now()): AuthorizerClaims | null {
  const claims = event.requestContext?.authorizer?.lambda;
  const exp = Number(claims?.exp);
  return claims && Number.isFinite(exp) && exp * 1000 > now ? claims : null;
}

/** The subject of the ID token the authorizer verified, whichever user pool signed it. */
export function subjectFromEvent(event: Pick<ApiEvent, 'requestContext'>): string | null {
  const claims = verifiedClaims(event);
  return claims && typeof claims.sub === 'string' && claims.token_use === 'id' ? claims.sub : null;
}

/**
 * The staff ID token as the authorizer verified it: its subject and email, nothing more is trusted.
 * Every staff user has an email (the staff pool's sign-in name); an employee's token carries none (their
 * pool has no email attribute), so it never passes as staff, even past an authorizer that let it through.
 */
export function identityFromEvent(event: Pick<ApiEvent, 'requestContext'>): Identity | null {
  const userId = subjectFromEvent(event);
  const email = verifiedClaims(event)?.email;
  if (!userId || typeof email !== 'string' || !email) return null;
  return { userId, email: email.toLowerCase() };
}

/** The organisation the request names in `X-Acting-Org` (headers arrive in lower case), or null. */
export function requestedOrganisation(event: Pick<ApiEvent, 'headers'>): string | null {
  const value = event.headers?.[ACTING_ORG_HEADER]?.trim();
  return value ? value.slice(0, 100) : null;
}

const remembered = new ExpiringMap<string, AuthenticatedCaller>(10_000);

/** The caller with the roles the directory gives them now; `fresh` skips what the function remembers. */
export async function resolveCaller(identity: Identity, options: { fresh?: boolean } = {}, now = Date.now()): Promise<AuthenticatedCaller> {
  const hit = options.fresh ? undefined : remembered.get(identity.userId, now);
  return hit ?? (await readCaller(identity, now)).caller;
}

/** The membership the person was last removed from, if any. */
function lastRemoval(access: DirectoryAccess): AuthenticatedCaller['removedFrom'] {
  const removed = access.memberships.filter((m) => m.status === 'removed' && m.decided_at).sort((a, b) => b.decided_at!.localeCompare(a.decided_at!))[0];
  return removed ? { orgName: removed.org_name || 'your organisation', at: removed.decided_at! } : null;
}

/** A fresh read of the directory: the caller it makes (remembered from now on) and what was read. */
export async function readCaller(identity: Identity, now = Date.now()): Promise<{ caller: AuthenticatedCaller; access: DirectoryAccess }> {
  const access = await readDirectoryAccess(identity.userId);
  const held = new Set<Role>([...access.platformRoles, ...access.grants.map((g) => g.role)]);
  const caller: AuthenticatedCaller = {
    kind: 'person',
    signedIn: true,
    approved: held.size > 0,
    userId: identity.userId,
    email: access.email ?? identity.email,
    roles: ROLES.filter((r) => held.has(r)),
    platformRoles: access.platformRoles,
    grants: access.grants,
    organisations: access.memberships
      .filter((m) => m.status === 'approved')
      .map(({ org_id, org_name, client_type, role, payee_key }) => ({ org_id, org_name, client_type, role, payee_key })),
    actingOrgId: null,
    acting: 'unchosen',
    removedFrom: held.size > 0 ? null : lastRemoval(access),
  };
  remembered.set(identity.userId, caller, now + CALLER_TTL_MS);
  return { caller, access };
}

/** The caller with only the grants of one organisation, or of none (`orgId` null: platform roles only). */
function narrowed(caller: AuthenticatedCaller, orgId: string | null): AuthenticatedCaller {
  const grants = orgId === null ? [] : caller.grants.filter((g) => g.orgId === orgId);
  // A platform admin who chose an organisation acts as its member only: platform powers are set aside.
  const platformRoles = orgId === null ? caller.platformRoles : [];
  const held = new Set<Role>([...platformRoles, ...grants.map((g) => g.role)]);
  return {
    ...caller,
    roles: ROLES.filter((r) => held.has(r)),
    platformRoles,
    grants,
    actingOrgId: orgId,
    acting: orgId === null ? 'platform' : 'organisation',
  };
}

/**
 * The caller as they act on this request, from the organisation they named (`X-Acting-Org`, or null):
 * - a named organisation they are an approved member of: that organisation's grant only (a platform
 *   admin's platform roles set aside too); one they are not: 'not_member';
 * - none named: a platform admin acts as the platform (platform roles only, no organisation's grant);
 *   a member of one organisation acts for it; a member of several must choose ('choose');
 *   a caller in no organisation stays as they are.
 * No database call: the organisations come with the directory read that made the caller.
 */
export function actFor(caller: AuthenticatedCaller, requested: string | null): AuthenticatedCaller | 'not_member' | 'choose' {
  if (requested !== null) return caller.organisations.some((o) => o.org_id === requested) ? narrowed(caller, requested) : 'not_member';
  if (caller.platformRoles.length > 0) return narrowed(caller, null);
  if (caller.organisations.length === 1) return narrowed(caller, caller.organisations[0]!.org_id);
  return caller.organisations.length === 0 ? caller : 'choose';
}

/** A fresh read of the caller, narrowed as the request narrowed the caller it had (null when that is no longer possible). */
function sameActing(fresh: AuthenticatedCaller, as: AuthenticatedCaller): AuthenticatedCaller | null {
  if (as.acting === 'unchosen') return fresh;
  const again = actFor(fresh, as.acting === 'organisation' ? as.actingOrgId : null);
  return typeof again === 'string' || again.acting !== as.acting ? null : again;
}

/**
 * A check that would refuse the caller is made again on a fresh read of the directory before it
 * refuses: what the function remembers may lack a role granted a moment ago. The fresh read acts for
 * the same organisation as the caller did. Answers the caller the check passed with, or null.
 */
export async function confirmAllowed(caller: AuthenticatedCaller, check: (c: AuthenticatedCaller) => boolean): Promise<AuthenticatedCaller | null> {
  if (check(caller)) return caller;
  const fresh = sameActing(await resolveCaller(caller, { fresh: true }), caller);
  return fresh && check(fresh) ? fresh : null;
}
