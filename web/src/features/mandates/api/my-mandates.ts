import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { getMandateLender, giveMandate, listMyMandates, revokeMandate } from '@shared/routes/mandates';

/** The portal's queries live under the 'employee' key, forgotten whole when the employee signs out. */
const LIST_KEY = ['employee', listMyMandates.id];

/** GET /api/employee/mandates: the employee's own, newest first, a page at a time (Load more). */
export function useMyMandates() {
  return useInfiniteQuery({
    queryKey: LIST_KEY,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => callRoute(listMyMandates, { signal, query: { cursor: pageParam ?? undefined } }),
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** GET /api/employee/lenders/{payee_key}: the lender's name, to confirm before giving a mandate. */
export function useLenderLookup() {
  return useMutation({ mutationFn: (payeeKey: string) => callRoute(getMandateLender, { params: { payee_key: payeeKey } }) });
}

/** POST /api/employee/mandates, then the list again. */
export function useGiveMandate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { payee_key: string; max_monthly: number; last_month: string }) => callRoute(giveMandate, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: LIST_KEY }),
  });
}

/** POST /api/employee/mandates/{number}/revoke, then the list again. */
export function useRevokeMandate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (number: string) => callRoute(revokeMandate, { params: { number } }),
    onSettled: () => client.invalidateQueries({ queryKey: LIST_KEY }),
  });
}
