import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { routeKey } from '@/lib/queries';
import type { PlatformRole } from '@shared/roles';
import { acceptTeamInvite, declineTeamInvite, getMe } from '@shared/routes/accounts';

/** One invitation: an organisation's (by id) or a platform role's. */
export type InvitationTarget = { org_id: string } | { platform_role: PlatformRole };
export type InvitationDecision = { key: string; target: InvitationTarget; decision: 'accept' | 'decline' };

/**
 * Accepts or declines one invitation (POST /api/team/accept-invite or /decline-invite naming it), then
 * reloads the signed-in user: an accepted role shows at once.
 */
export function useInvitationDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ target, decision }: InvitationDecision): Promise<void> => {
      if (decision === 'accept') await callRoute(acceptTeamInvite, { body: target });
      else await callRoute(declineTeamInvite, { body: target });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeKey(getMe) }),
  });
}
