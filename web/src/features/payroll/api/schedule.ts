import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { routeKey, routeQuery } from '@/lib/queries';
import type { ScheduleFormat } from '@shared/api/payroll';
import { downloadPayrollSchedule, getPayrollSchedule } from '@shared/routes/payroll';

/** How often the screen asks again while the month's schedule is drawn. */
const DRAWING_POLL_MS = 2_000;

/**
 * GET /api/payroll/schedule?month=: the month's schedule as the server last drew it from the COMPLETED files; while it
 * is drawn again (`state: 'drawing'`), asked again every two seconds until it is ready.
 */
export function useSchedule(month: string) {
  return useQuery({
    ...routeQuery(getPayrollSchedule, { query: { month } }),
    retry: false,
    refetchInterval: (query) => (query.state.data?.state === 'drawing' ? DRAWING_POLL_MS : false),
  });
}

/**
 * Downloads the month's schedule: asks for a 60-second link (the first download freezes the version) and
 * follows it at once; the link answers with Content-Disposition: attachment, so the page stays. The
 * schedule is read again: it is frozen now.
 */
export function useDownloadSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { month: string; format: ScheduleFormat }) => {
      const link = await callRoute(downloadPayrollSchedule, { body });
      window.location.assign(link.url);
      return link;
    },
    onSettled: () => client.invalidateQueries({ queryKey: routeKey(getPayrollSchedule) }),
  });
}
