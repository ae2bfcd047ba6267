import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteRequest } from '@/lib/api-client';
import { routeKey, routeQuery } from '@/lib/queries';
import { createWebhook, deleteWebhook, listWebhookDeliveries, listWebhooks, rotateWebhook } from '@shared/routes/webhooks';

/** GET /api/webhooks: the organisation's webhook endpoints (never a secret). */
export const useWebhooks = () => useQuery(routeQuery(listWebhooks));

/** GET /api/webhooks/{id}/deliveries: an endpoint's latest deliveries, refreshed while the log is open. */
export const useWebhookDeliveries = (id: string) => useQuery({ ...routeQuery(listWebhookDeliveries, { params: { id } }), refetchInterval: 10_000 });

function useWebhookChange<V, A>(change: (v: V) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => client.invalidateQueries({ queryKey: routeKey(listWebhooks) }) });
}

export const useCreateWebhook = () => useWebhookChange((body: RouteRequest<typeof createWebhook>) => callRoute(createWebhook, { body }));
export const useRotateWebhook = () => useWebhookChange((id: string) => callRoute(rotateWebhook, { params: { id } }));
export const useDeleteWebhook = () => useWebhookChange((id: string) => callRoute(deleteWebhook, { params: { id } }));
