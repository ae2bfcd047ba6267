import { ROUTES } from '#shared/routes/index.js';
import { routeGrantOf } from './common.js';
import { grantOfUses } from './kinds.js';
import { type FunctionGrants, merge, type OwnActions, type RouteGrantTable } from './model.js';
import { ACTIONS_BY_ROUTE } from './routes.js';

/** Each route's whole grant: what its `uses` says, kind by kind (kinds.ts), what the route implies (common.ts), and its exceptions above. */
export const ROUTE_GRANTS: Record<string, FunctionGrants> = Object.fromEntries(
  ROUTES.map((route) => {
    const exceptions: OwnActions = (ACTIONS_BY_ROUTE as RouteGrantTable)[route.id] ?? {};
    return [route.id, routeGrantOf(route, { ...merge(grantOfUses(route.uses), exceptions), notifies: exceptions.notifies, audits: exceptions.audits })];
  }),
);
