import { useQuery } from '@tanstack/react-query';
import { routeQuery } from '@/lib/queries';
import { getCollectionRates } from '@shared/routes/reconciliation';

/** GET /api/reconciliation/collection-rates: each lender's collection rate in the 12 months ending with `month`. */
export function useCollectionRates(month: string) {
  return useQuery(routeQuery(getCollectionRates, { query: { month } }));
}
