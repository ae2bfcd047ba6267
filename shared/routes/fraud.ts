import type { RouteDef } from '../routes.js';

/** The fraud registry (spec part 1): reports, attachments, checks and search. */
export const FRAUD_ROUTES = [] as const satisfies readonly RouteDef[];
