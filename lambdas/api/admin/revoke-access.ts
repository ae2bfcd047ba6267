import type { StoredRequest } from '#data/directory/access-decisions.js';
import { markRequestRevoked } from '#data/directory/access-decisions.js';
import { markMemberRemoved } from '#data/directory/membership-changes.js';
import { getMember, listUserMemberships } from '#data/directory/memberships.js';
import { removeFromRole, signOutEverywhere } from '#data/directory/staff-users.js';
import { ConflictError } from '#http/errors.js';

/**
 * Revokes an approved access request: its membership is removed, the role group goes unless another
 * approved membership still needs it, and the person is signed out everywhere, so the access ends
 * now and not when a token expires. The request stays, marked removed, as the record of the approval.
 * Answers whether a live membership was removed (a member removed on the team screen already is not).
 */
export async function revokeAccess(request: StoredRequest, by: string): Promise<{ membershipRemoved: boolean }> {
  const member = request.org_id ? await getMember(request.org_id, request.user_sub) : null;
  const live = member && (member.status === 'approved' || member.status === 'pending');
  if (live && !(await markMemberRemoved(member, by))) throw new ConflictError('This membership changed meanwhile. Refresh the list.', 'member_changed');
  await markRequestRevoked(request, by);
  if (member) {
    const others = await listUserMemberships(member.user_id);
    const stillNeeded = others.some((m) => m.org_id !== member.org_id && m.status === 'approved' && m.role === member.role);
    if (!stillNeeded) await removeFromRole(member.user_id, member.role);
  }
  await signOutEverywhere(request.user_sub);
  return { membershipRemoved: Boolean(live) };
}
