import { useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { getSettings } from '@shared/routes/settings';

export const SETTINGS_KEY = ['settings'] as const;

/**
 * GET /api/settings: every signed-in user may read them. Shared by the features that follow a setting
 * (the upload screen's window notice) and the one that changes them (web/src/features/settings).
 */
export function useSettings(enabled = true) {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => callRoute(getSettings, { signal }), enabled, staleTime: 60_000 });
}
