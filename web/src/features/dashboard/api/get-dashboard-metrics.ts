import { useQuery } from '@tanstack/react-query';
import { callRoute, isApiError } from '@/lib/api-client';
import { routeKey, routeQuery } from '@/lib/queries';
import { configuredBilling, type BillingResponse, type DashboardMetrics } from '@shared/api/dashboard';
import { getBilling, getDashboardMetrics } from '@shared/routes/dashboard';

export type { BillingResponse as Billing, DashboardMetrics } from '@shared/api/dashboard';

/** Spec part 2 §9: the dashboard metrics call times out after 8 s. */
const METRICS_TIMEOUT_MS = 8_000;

export interface DashboardMetricsState {
  metrics: DashboardMetrics | null;
  /** null when no billing exists (`configured: false`): cards read 'Billing not configured'. */
  billing: BillingResponse | null;
  isFetching: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** A 404 is "nothing here": spec part 1 §8 says missing metrics or billing silently yields zeros and dashes. */
async function orNullOn404<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

/** GET /api/dashboard/metrics and GET /api/billing, refreshed together. */
export function useDashboardMetrics(): DashboardMetricsState {
  const metrics = useQuery({
    queryKey: routeKey(getDashboardMetrics),
    queryFn: ({ signal }) => orNullOn404(callRoute(getDashboardMetrics, { signal, timeoutMs: METRICS_TIMEOUT_MS })),
  });
  const billing = useQuery({ ...routeQuery(getBilling, { timeoutMs: METRICS_TIMEOUT_MS }), select: configuredBilling });
  return {
    metrics: metrics.data ?? null,
    billing: billing.data ?? null,
    isFetching: metrics.isFetching || billing.isFetching,
    error: metrics.error ?? billing.error ?? null,
    refetch: () => Promise.all([metrics.refetch(), billing.refetch()]),
  };
}
