import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { routeQuery } from '@/lib/queries';
import { getReconciliation } from '@shared/routes/reconciliation';
import type { ReconciliationStatus } from '@shared/rules/reconciliation';

export interface ReconciliationFilter {
  month: string;
  payeeKey: string | null;
  status: ReconciliationStatus | null;
  nrc: string;
  cursor: string | null;
}

/** A month's reconciliation (GET /api/reconciliation): every lender the caller may see, or one lender's page of lines. */
export function useReconciliation(filter: ReconciliationFilter) {
  const query = {
    month: filter.month,
    ...(filter.payeeKey ? { payee_key: filter.payeeKey } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.nrc.trim() ? { nrc: filter.nrc.trim() } : {}),
    ...(filter.cursor ? { cursor: filter.cursor } : {}),
  };
  return useQuery({
    ...routeQuery(getReconciliation, { query }),
    placeholderData: filter.payeeKey ? keepPreviousData : undefined,
    // No applied file for the month yet is an answer, not a failure to retry.
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
}
