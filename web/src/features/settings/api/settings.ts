import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { routeQuery } from '@/lib/queries';
import type { UpdateSettingsRequest } from '@shared/api/settings';
import { getSettings, updateSettings } from '@shared/routes/settings';

/** PUT /api/settings: platform admins only (the server decides). */
export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingsRequest) => callRoute(updateSettings, { body }),
    onSuccess: (saved) => client.setQueryData(routeQuery(getSettings).queryKey, saved),
  });
}
