import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteRequest } from '@/lib/api-client';
import { routeKey, routeQuery } from '@/lib/queries';
import { createApiClient, deleteApiClient, listApiClients, rotateApiClient } from '@shared/routes/api-clients';

/** GET /api/api-clients: the organisation's API clients (never a secret). */
export const useApiClients = () => useQuery(routeQuery(listApiClients));

/** Each change answers with what to show and reloads the list. */
function useClientChange<V, A>(change: (v: V) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => client.invalidateQueries({ queryKey: routeKey(listApiClients) }) });
}

export const useCreateApiClient = () => useClientChange((body: RouteRequest<typeof createApiClient>) => callRoute(createApiClient, { body }));
export const useRotateApiClient = () => useClientChange((clientId: string) => callRoute(rotateApiClient, { params: { client_id: clientId } }));
export const useDeleteApiClient = () => useClientChange((clientId: string) => callRoute(deleteApiClient, { params: { client_id: clientId } }));
