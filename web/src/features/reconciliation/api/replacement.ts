import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { routeKey, routeQuery } from '@/lib/queries';
import { decideAppliedReplacement, getAppliedReplacement, getReconciliation } from '@shared/routes/reconciliation';
import { listRemittances } from '@shared/routes/remittances';

/** GET /api/reconciliation/replacement: the month's proposed replacement of its applied file (the payroll authority's admins, platform admins). */
export function useAppliedReplacement(month: string, enabled: boolean) {
  return useQuery({ ...routeQuery(getAppliedReplacement, { query: { month } }), enabled });
}

/** POST /api/reconciliation/replacements/{upload_id}/decision, then the month read again (its file may have changed). */
export function useReplacementDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uploadId, decision, note }: { uploadId: string; decision: 'approve' | 'reject'; note?: string }) =>
      callRoute(decideAppliedReplacement, { params: { id: uploadId }, body: { decision, ...(note ? { note } : {}) } }),
    // Not awaited: the decision's own callbacks run first, while the panel that made it is still there.
    onSettled: () => {
      for (const route of [getAppliedReplacement, getReconciliation, listRemittances]) void client.invalidateQueries({ queryKey: routeKey(route) });
    },
  });
}
