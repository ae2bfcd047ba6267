import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteRequest } from '@/lib/api-client';
import { routeKey, routeQuery } from '@/lib/queries';
import { decideAccessRequest, getAccessRequestDocuments, getAdminMetrics, listAccessRequests } from '@shared/routes/admin';

/** GET /api/admin/access-requests, newest first, paged with Load more. */
export function useAccessRequests(filters: { status: 'pending' | 'all'; q: string }) {
  return useInfiniteQuery({
    queryKey: routeKey(listAccessRequests, { query: filters }),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      callRoute(listAccessRequests, { signal, query: { status: filters.status, q: filters.q || undefined, cursor: pageParam ?? undefined } }),
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** Signed links to one request's documents (900 s); refetching makes fresh ones. */
export function useRequestDocuments(id: string | null) {
  return useQuery({
    ...routeQuery(getAccessRequestDocuments, { params: { id: id ?? '' } }),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useDecideAccessRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RouteRequest<typeof decideAccessRequest> }) => callRoute(decideAccessRequest, { params: { id }, body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: routeKey(listAccessRequests) });
      void client.invalidateQueries({ queryKey: routeKey(getAccessRequestDocuments) });
      void client.invalidateQueries({ queryKey: routeKey(getAdminMetrics) });
    },
  });
}
