import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { routeKey, routeQuery } from '@/lib/queries';
import { listMyDisputes, listMyUnexpected, reportMyUnexpected } from '@shared/routes/portal';

/** The deductions the payroll took from the employee's pay with no approved line, read again each time the screen opens. */
export const useMyUnexpected = () => useQuery({ ...routeQuery(listMyUnexpected), staleTime: 0 });

/** "Report it" in one tap: a dispute marked "not approved"; the list and the reports are read again either way. */
export function useReportUnexpected() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(reportMyUnexpected, { body: { id } }),
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: routeKey(listMyUnexpected) }), client.invalidateQueries({ queryKey: routeKey(listMyDisputes) })]),
  });
}
