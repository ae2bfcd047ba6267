import { useQuery } from '@tanstack/react-query';
import { routeQuery } from '@/lib/queries';
import { configuredBilling } from '@shared/api/dashboard';
import { getBilling } from '@shared/routes/dashboard';
import { METRICS_TIMEOUT_MS } from './metrics';

/**
 * GET /api/billing as a platform admin sees it: every billed organisation summed for this month
 * (built with the dashboard's billing). null when no plan is set yet (`configured: false`).
 */
export function useAdminBilling(enabled: boolean) {
  return useQuery({ ...routeQuery(getBilling, { timeoutMs: METRICS_TIMEOUT_MS }), select: configuredBilling, enabled });
}
