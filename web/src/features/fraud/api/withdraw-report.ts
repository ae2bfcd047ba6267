import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';

/** POST /api/fraud-reports/{id}/withdraw; the search and latest lists are read again after it. */
export function useWithdrawReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => callRoute('withdraw-fraud-report', { params: { id }, body: { reason } }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['fraud', 'search'] }), client.invalidateQueries({ queryKey: ['fraud', 'latest'] })]),
  });
}
