import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteRequest } from '@/lib/api-client';
import { routeKey, routeQuery } from '@/lib/queries';
import { addPlatformAdmin, listPlatformAdmins, removePlatformAdmin } from '@shared/routes/admin';

/** GET /api/admin/platform-admins: items and counts (the team screen's Platform Admins list reads the same). */
export function usePlatformAdmins() {
  return useQuery(routeQuery(listPlatformAdmins));
}

export function useAddPlatformAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteRequest<typeof addPlatformAdmin>) => callRoute(addPlatformAdmin, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: routeKey(listPlatformAdmins) }),
  });
}

export function useRemovePlatformAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: string }) => callRoute(removePlatformAdmin, { params: { user_id: userId }, query: { role } }),
    onSuccess: () => client.invalidateQueries({ queryKey: routeKey(listPlatformAdmins) }),
  });
}
