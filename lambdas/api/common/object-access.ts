import { type AuthenticatedCaller, confirmAllowed } from '#http/caller.js';
import { type Access, isAllowedIn } from '#shared/access.js';

/**
 * Whether the caller may act on an object of `owner.orgId` as `access` allows: a role held in that
 * organisation (platform admins hold in every one; with `oversight`, PMEC's reviewers too). An object of
 * no organisation (a platform admin's upload for a key no organisation holds) is its uploader's.
 */
export async function mayActOn(
  me: AuthenticatedCaller,
  access: Access,
  owner: { userId: string; orgId: string | null },
  options: { oversight?: boolean } = {},
): Promise<boolean> {
  const check = (c: AuthenticatedCaller) => isAllowedIn(access, c, owner.orgId, options) || (owner.orgId === null && c.userId === owner.userId);
  return (await confirmAllowed(me, check)) !== null;
}
