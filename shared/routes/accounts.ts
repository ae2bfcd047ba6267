import type { RouteDef } from '../routes.js';

/** Accounts and access (spec part 2): email availability, access requests, invites. */
export const ACCOUNT_ROUTES = [] as const satisfies readonly RouteDef[];
