import { useMutation } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { HISTORY_MONTHS } from '@shared/api/history';
import { getHistory } from '@shared/routes/history';

/**
 * GET /api/history?nrc=&months=3. A mutation rather than a cached query: every lookup is written to the
 * audit log, so one happens only when the person asks for it (never on window focus or remount).
 */
export function useHistoryLookup() {
  return useMutation({
    mutationFn: (nrc: string) => callRoute(getHistory, { query: { nrc, months: String(HISTORY_MONTHS) } }),
  });
}
