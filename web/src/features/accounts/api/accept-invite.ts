import { callRoute } from '@/lib/api-client';
import type { AcceptInviteResponse } from '@shared/api/accounts';
import { acceptTeamInvite } from '@shared/routes/accounts';

/** POST /api/team/accept-invite: approves the signed-in user's invited memberships. */
export function acceptInvite(): Promise<AcceptInviteResponse> {
  return callRoute(acceptTeamInvite, { body: {} });
}
