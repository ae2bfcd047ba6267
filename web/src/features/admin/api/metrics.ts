import { useQuery } from '@tanstack/react-query';
import { routeQuery } from '@/lib/queries';
import { getAdminMetrics } from '@shared/routes/admin';

/** Spec part 2 §9: the dashboard metrics call times out after 8 s. */
export const METRICS_TIMEOUT_MS = 8_000;

/** GET /api/admin/metrics: totals, fi, pmec, ts. */
export function useAdminMetrics(enabled: boolean) {
  return useQuery({ ...routeQuery(getAdminMetrics, { timeoutMs: METRICS_TIMEOUT_MS }), enabled });
}
