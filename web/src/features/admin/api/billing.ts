import { useQuery } from '@tanstack/react-query';
import { configuredBilling } from '@shared/api/dashboard';
import { routeQuery } from '@/lib/queries';
import { METRICS_TIMEOUT_MS } from './metrics';
import { getBilling } from '@shared/routes/dashboard';

/**
 * GET /api/billing as a platform admin sees it: every billed organisation summed for this month
 * (built with the dashboard's billing). null when no plan is set yet (`configured: false`).
 */
export function useAdminBilling(enabled: boolean) {
  return useQuery({ ...routeQuery(getBilling, { timeoutMs: METRICS_TIMEOUT_MS }), select: configuredBilling, enabled });
}
