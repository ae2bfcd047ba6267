import { useQuery } from '@tanstack/react-query';
import { callRoute, isApiError } from '@/lib/api-client';
import { METRICS_TIMEOUT_MS } from './metrics';

/**
 * GET /api/billing as a platform admin sees it: every billed organisation summed for this month
 * (built with the dashboard's billing). null when no plan is set yet (the API answers 404).
 */
export function useAdminBilling(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'billing'],
    queryFn: async ({ signal }) => {
      try {
        return await callRoute('get-billing', { signal, timeoutMs: METRICS_TIMEOUT_MS });
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
    enabled,
  });
}
