import { useQuery } from '@tanstack/react-query';
import { getSettings } from '@shared/routes/settings';
import { routeQuery } from './queries';

/**
 * GET /api/settings: every signed-in user may read them. Shared by the features that follow a setting
 * (the upload screen's window notice) and the one that changes them (web/src/features/settings).
 */
export function useSettings(enabled = true) {
  return useQuery({ ...routeQuery(getSettings), enabled, staleTime: 60_000 });
}
