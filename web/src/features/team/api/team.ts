import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteRequest } from '../../../lib/api-client';

const TEAM_KEY = ['team'] as const;

/**
 * GET /api/team. Organisation admins load their own organisation at once; platform admins only
 * once they have entered an Org ID (`orgId` null means not yet).
 */
export function useTeam(orgId: string | null, mustEnterOrgId: boolean) {
  return useQuery({
    queryKey: [...TEAM_KEY, orgId ?? 'own'],
    queryFn: ({ signal }) => callRoute('get-team', { signal, query: { org_id: orgId ?? undefined } }),
    enabled: !mustEnterOrgId || orgId !== null,
  });
}

export function useAddMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteRequest<'add-team-member'>) => callRoute('add-team-member', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: TEAM_KEY }),
  });
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, orgId }: { id: string; orgId: string | null }) => callRoute('remove-team-member', { params: { id }, query: { org_id: orgId ?? undefined } }),
    onSuccess: () => client.invalidateQueries({ queryKey: TEAM_KEY }),
  });
}

/** The Platform Admins list shown to platform admins on this screen (spec §7: GET on the team screen). */
export function useTeamPlatformAdmins(enabled: boolean) {
  return useQuery({ queryKey: ['team', 'platform-admins'], queryFn: ({ signal }) => callRoute('list-platform-admins', { signal }), enabled });
}
