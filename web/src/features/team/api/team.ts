import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteRequest } from '@/lib/api-client';
import { routeKey, routeQuery } from '@/lib/queries';
import type { Role } from '@shared/roles';
import { listPlatformAdmins } from '@shared/routes/admin';
import { addTeamMember, changeMemberRole, getTeam, removeTeamMember } from '@shared/routes/team';

/**
 * GET /api/team. Organisation admins load their own organisation at once; platform admins only
 * once they have entered an Org ID (`orgId` null means not yet).
 */
export function useTeam(orgId: string | null, mustEnterOrgId: boolean) {
  return useQuery({ ...routeQuery(getTeam, { query: { org_id: orgId ?? undefined } }), enabled: !mustEnterOrgId || orgId !== null });
}

export function useAddMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteRequest<typeof addTeamMember>) => callRoute(addTeamMember, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: routeKey(getTeam) }),
  });
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, orgId }: { id: string; orgId: string | null }) => callRoute(removeTeamMember, { params: { id }, query: { org_id: orgId ?? undefined } }),
    onSuccess: () => client.invalidateQueries({ queryKey: routeKey(getTeam) }),
  });
}

export function useChangeRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, orgId, role }: { id: string; orgId: string | null; role: Role }) =>
      callRoute(changeMemberRole, { params: { id }, query: { org_id: orgId ?? undefined }, body: { role } }),
    onSuccess: () => client.invalidateQueries({ queryKey: routeKey(getTeam) }),
  });
}

/** How many platform admins there are, for the Platform Admins list's title (the list itself is the admin feature's). */
export function usePlatformAdminCount(enabled: boolean) {
  return useQuery({ ...routeQuery(listPlatformAdmins), enabled, select: (answer) => answer.items.length });
}
