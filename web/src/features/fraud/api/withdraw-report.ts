import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { routeKey } from '@/lib/queries';
import { listFraudReports, searchFraudReports, withdrawFraudReport } from '@shared/routes/fraud';

/**
 * POST /api/fraud-reports/{id}/withdraw; the search and latest lists are read again after it. The
 * confirmation is shown here, not by the caller: the lists' refetch may unmount the row that asked.
 */
export function useWithdrawReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => callRoute(withdrawFraudReport, { params: { id }, body: { reason } }),
    onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
    onSettled: () => Promise.all([searchFraudReports, listFraudReports].map((route) => client.invalidateQueries({ queryKey: routeKey(route) }))),
  });
}
