import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { routeKey } from '@/lib/queries';
import type { BillingPlanRequest } from '@shared/api/dashboard';
import { findBillingOrganisation, getBilling, setBillingPlan } from '@shared/routes/dashboard';

/** GET /api/admin/billing?q=: the organisation a platform admin means, and its plan. */
export function useFindBillingOrganisation() {
  return useMutation({ mutationFn: (q: string) => callRoute(findBillingOrganisation, { query: { q } }) });
}

/** PUT /api/admin/billing/{org_id}; the dashboard's billing cards refresh after it. */
export function useSetBillingPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orgId, plan }: { orgId: string; plan: BillingPlanRequest }) => callRoute(setBillingPlan, { params: { org_id: orgId }, body: plan }),
    onSuccess: () => client.invalidateQueries({ queryKey: routeKey(getBilling) }),
  });
}
