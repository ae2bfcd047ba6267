import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateSettingsRequest } from '@shared/api/settings';
import { callRoute } from '@/lib/api-client';

const SETTINGS_KEY = ['settings'] as const;

/** GET /api/settings: every signed-in user may read them. */
export function useSettings(enabled = true) {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => callRoute('get-settings', { signal }), enabled });
}

/** PUT /api/settings: platform admins only (the server decides). */
export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingsRequest) => callRoute('update-settings', { body }),
    onSuccess: (saved) => client.setQueryData(SETTINGS_KEY, saved),
  });
}
