import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { routeKey } from '@/lib/queries';
import { getNrcAudit, listAudit } from '@shared/routes/audit';

export interface AuditFilters {
  from: string;
  to: string;
  action: string;
  actor: string;
  outcome: '' | 'ok' | 'refused' | 'failed';
  subject: string;
}

/** GET /api/admin/audit, newest first, 50 a page with Load more; runs once filters are applied. */
export function useAuditLog(filters: AuditFilters | null) {
  return useInfiniteQuery({
    queryKey: routeKey(listAudit, { query: filters }),
    enabled: filters !== null,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      callRoute(listAudit, {
        signal,
        query: {
          from: filters!.from,
          to: filters!.to,
          action: filters!.action || undefined,
          actor: filters!.actor || undefined,
          outcome: filters!.outcome || undefined,
          subject: filters!.subject || undefined,
          cursor: pageParam ?? undefined,
        },
      }),
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
  });
}

/** GET /api/admin/audit/nrc: a mutation, since every export is itself recorded. */
export function useNrcTrail() {
  return useMutation({ mutationFn: (nrc: string) => callRoute(getNrcAudit, { query: { nrc } }) });
}
