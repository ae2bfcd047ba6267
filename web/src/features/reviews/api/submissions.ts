import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { routeKey, routeQuery } from '@/lib/queries';
import type { ReviewDecision } from '@shared/api/reviews';
import { REPORTS_LIMIT } from '@shared/api/reviews';
import { getBilling, getDashboardMetrics } from '@shared/routes/dashboard';
import { assignSubmission, decideSubmission, decideSubmissions, getSubmissionFile, listPmecAdmins, listSubmissions } from '@shared/routes/reviews';

export interface ReviewFilters {
  status: string;
  kind: string;
  /** 'late' (submitted after the month's window closed) or 'all'. */
  timing: string;
  /** Already cleaned (spec §5) and at least 2 characters, or ''. */
  q: string;
}

/** GET /api/submissions?scope=reviews: every organisation's submissions, newest first, 50 a page with Load more. */
export function useReviewQueue(filters: ReviewFilters) {
  return useInfiniteQuery({
    queryKey: routeKey(listSubmissions, { query: { scope: 'reviews', ...filters } }),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      callRoute(listSubmissions, {
        signal,
        query: {
          scope: 'reviews',
          status: filters.status,
          kind: filters.kind,
          timing: filters.timing,
          q: filters.q || undefined,
          cursor: pageParam ?? undefined,
        },
      }),
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** GET /api/submissions?scope=reports: the newest 200 (the caller's organisation's, or everyone's for platform admins). */
export function useReports() {
  return useQuery(routeQuery(listSubmissions, { query: { scope: 'reports', limit: REPORTS_LIMIT } }));
}

/** The PMEC admins a submission can be assigned to. */
export function usePmecAdmins(enabled: boolean) {
  return useQuery({ ...routeQuery(listPmecAdmins), enabled, staleTime: 60_000 });
}

function useInvalidateSubmissions() {
  const client = useQueryClient();
  return () => Promise.all([listSubmissions, getDashboardMetrics, getBilling].map((route) => client.invalidateQueries({ queryKey: routeKey(route) })));
}

export function useDecide() {
  const invalidate = useInvalidateSubmissions();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: string; decision: ReviewDecision; note?: string }) =>
      callRoute(decideSubmission, { params: { id }, body: { decision, note } }),
    onSettled: invalidate,
  });
}

export function useDecideMany() {
  const invalidate = useInvalidateSubmissions();
  return useMutation({
    mutationFn: (body: { ids: string[]; decision: ReviewDecision; note?: string }) => callRoute(decideSubmissions, { body }),
    onSettled: invalidate,
  });
}

export function useAssign() {
  const invalidate = useInvalidateSubmissions();
  return useMutation({
    mutationFn: ({ id, email }: { id: string; email: string }) => callRoute(assignSubmission, { params: { id }, body: { pmec_email: email } }),
    onSettled: invalidate,
  });
}

/**
 * Opens a submission's file: asks for a 60-second link and follows it at once. The link answers with
 * Content-Disposition: attachment, so the browser downloads the workbook and stays on the page.
 */
export function useOpenFile() {
  return useMutation({
    mutationFn: async (id: string) => {
      const link = await callRoute(getSubmissionFile, { params: { id } });
      window.location.assign(link.url);
      return link;
    },
  });
}
