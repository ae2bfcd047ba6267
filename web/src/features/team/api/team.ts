import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteRequest } from '@/lib/api-client';
import { addPlatformAdmin, listPlatformAdmins, removePlatformAdmin } from '@shared/routes/admin';
import { addTeamMember, getTeam, removeTeamMember } from '@shared/routes/team';

const TEAM_KEY = ['team'] as const;

/**
 * GET /api/team. Organisation admins load their own organisation at once; platform admins only
 * once they have entered an Org ID (`orgId` null means not yet).
 */
export function useTeam(orgId: string | null, mustEnterOrgId: boolean) {
  return useQuery({
    queryKey: [...TEAM_KEY, orgId ?? 'own'],
    queryFn: ({ signal }) => callRoute(getTeam, { signal, query: { org_id: orgId ?? undefined } }),
    enabled: !mustEnterOrgId || orgId !== null,
  });
}

export function useAddMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteRequest<typeof addTeamMember>) => callRoute(addTeamMember, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: TEAM_KEY }),
  });
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, orgId }: { id: string; orgId: string | null }) => callRoute(removeTeamMember, { params: { id }, query: { org_id: orgId ?? undefined } }),
    onSuccess: () => client.invalidateQueries({ queryKey: TEAM_KEY }),
  });
}

/** The Platform Admins list shown to platform admins on this screen (spec §7: GET on the team screen). */
export function useTeamPlatformAdmins(enabled: boolean) {
  return useQuery({ queryKey: ['team', 'platform-admins'], queryFn: ({ signal }) => callRoute(listPlatformAdmins, { signal }), enabled });
}

const invalidatePlatformAdmins = (client: ReturnType<typeof useQueryClient>) =>
  Promise.all([client.invalidateQueries({ queryKey: ['team', 'platform-admins'] }), client.invalidateQueries({ queryKey: ['admin', 'platform-admins'] })]);

/** Spec §6 and §7 /platform-admins-add on the team screen: email and a platform role the caller may grant. */
export function useTeamAddPlatformAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteRequest<typeof addPlatformAdmin>) => callRoute(addPlatformAdmin, { body }),
    onSuccess: () => invalidatePlatformAdmins(client),
  });
}

/** Spec §7 /platform-admins-remove on the team screen (super_admin only); the last super_admin stays. */
export function useTeamRemovePlatformAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: string }) => callRoute(removePlatformAdmin, { params: { user_id: userId }, query: { role } }),
    onSuccess: () => invalidatePlatformAdmins(client),
  });
}
