import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { routeKey, routeQuery } from '@/lib/queries';
import type { ReceiptRequest } from '@shared/api/remittances';
import { listRemittances, recordRemittanceReceipt, resolveRemittanceDifference } from '@shared/routes/remittances';

/** The month's remittance statements (GET /api/remittances): the caller's own, or every lender's for the authority. */
export function useRemittances(month: string) {
  return useQuery(routeQuery(listRemittances, { query: { month } }));
}

/** POST /api/remittances/{statement_number}/receipt: what arrived; the list is read again. */
export function useRecordReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ number, body }: { number: string; body: ReceiptRequest }) =>
      callRoute(recordRemittanceReceipt, { params: { statement_number: number }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: routeKey(listRemittances) }),
  });
}

/** POST /api/remittances/{statement_number}/resolution: a difference settled with a note; the list is read again. */
export function useResolveDifference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ number, note }: { number: string; note: string }) =>
      callRoute(resolveRemittanceDifference, { params: { statement_number: number }, body: { note } }),
    onSuccess: () => client.invalidateQueries({ queryKey: routeKey(listRemittances) }),
  });
}
