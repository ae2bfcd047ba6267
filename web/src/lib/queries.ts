import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { type CallRouteArgs, type ClientRoute, callRoute } from './api-client';

/*
 * The query cache is keyed one way: by the route object of shared/routes/<feature>.ts that answers the
 * data. Two screens reading the same route share its cache, and a change invalidates `routeKey(route)`
 * once, whichever screen showed it. The route objects are passed in, never imported here, so a screen
 * still loads only the routes it calls.
 */

/** A route's answers live under its id; `input` (params, query, or what else tells two calls apart) narrows them. */
export function routeKey(route: Pick<ClientRoute, 'id'>, input?: object): QueryKey {
  return input === undefined ? [route.id] : [route.id, input];
}

/** Query options for one call of a route: keyed by its params and query, fetched (and cancelled) through callRoute. */
export function routeQuery<R extends ClientRoute>(route: R, ...args: CallRouteArgs<R>) {
  const options = args[0];
  const { params, query } = (options ?? {}) as { params?: object; query?: object };
  return queryOptions({
    queryKey: routeKey(route, params || query ? { params, query } : undefined),
    queryFn: ({ signal }) => callRoute(route, ...([{ ...options, signal }] as CallRouteArgs<R>)),
  });
}
