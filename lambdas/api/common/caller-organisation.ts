import type { AuthenticatedCaller, MemberOrganisation } from '#http/caller.js';

/**
 * The organisation the caller acts for on this request (chosen with `X-Acting-Org`, or their only
 * one; see `actFor` in lambdas/http/caller.ts), with its name, kind and payee key as their membership
 * item holds them: no database call. Null when they act as the platform or for no organisation.
 */
export function actingOrganisation(me: AuthenticatedCaller): MemberOrganisation | null {
  return me.actingOrgId === null ? null : (me.organisations.find((o) => o.org_id === me.actingOrgId) ?? null);
}
