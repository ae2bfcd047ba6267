import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { routeKey, routeQuery } from '@/lib/queries';
import { claimMandate, listMandates } from '@shared/routes/mandates';

/** The lender's claimed mandates (GET /api/mandates), newest claim first. */
export function useClaimedMandates() {
  return useQuery(routeQuery(listMandates));
}

/** POST /api/mandates/claim: the terms come back; the list is read again. */
export function useClaimMandate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { mandate_number: string; pin: string }) => callRoute(claimMandate, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: routeKey(listMandates) }),
  });
}
