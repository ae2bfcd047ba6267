import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteRequest } from '@/lib/api-client';
import { addPlatformAdmin, listPlatformAdmins, removePlatformAdmin } from '@shared/routes/admin';

export const PLATFORM_ADMINS_KEY = ['admin', 'platform-admins'] as const;

/** GET /api/admin/platform-admins: items and counts. */
export function usePlatformAdmins() {
  return useQuery({ queryKey: PLATFORM_ADMINS_KEY, queryFn: ({ signal }) => callRoute(listPlatformAdmins, { signal }) });
}

export function useAddPlatformAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteRequest<typeof addPlatformAdmin>) => callRoute(addPlatformAdmin, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: PLATFORM_ADMINS_KEY }),
  });
}

export function useRemovePlatformAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: string }) => callRoute(removePlatformAdmin, { params: { user_id: userId }, query: { role } }),
    onSuccess: () => client.invalidateQueries({ queryKey: PLATFORM_ADMINS_KEY }),
  });
}
