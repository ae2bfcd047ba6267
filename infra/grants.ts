/**
 * Least privilege, per function: what each route's Lambda (by route id, shared/routes/*.ts) and each
 * event function (by id, infra/definitions.ts) may do with the stores its `uses` declares.
 *
 * A route's `uses` says it once: per store, what the handler does with it, in the kinds of shared/stores.ts
 * (tables: `r` `q` `s` `a` `w` `d` and index digits; buckets: kinds per key family; user pools: one letter per
 * operation). kinds.ts is the one table of the actions of each kind; common.ts adds what the route implies (the
 * caller's roles, an API client's limit, a state-changing request's audit entry, texts); routes.ts lists the
 * few actions no kind says, each with its reason. An event function's `uses` (infra/definitions.ts) says it in the same
 * kinds, with nothing implied; triggers.ts lists its few exceptions and trigger-grants.ts derives its whole grant.
 * It is IAM knowledge, tied to the repositories in lambdas/data (their keys and calls), so it lives here and not in shared/.
 *
 * test/infra/iam.test.ts holds the stack to these grants and the grants to the code: each handler's
 * bundle is read for the AWS calls it can make (test/infra/handler-calls.ts); the grant must cover them all,
 * and a route's or event function's `uses` must declare exactly the kinds they need.
 *
 * infra/grants/: model.ts (what a grant says, and unions of grants), keys.ts (the key patterns of each bucket's
 * key families), kinds.ts, common.ts, routes.ts, route-grants.ts (each route's whole grant), triggers.ts and trigger-grants.ts.
 * Routes and event functions written in the earlier style (stores listed, actions in routes.ts or triggers.ts) are converted by
 * scripts/uses-from-grants.ts (convert.ts).
 */
export { KEYS } from './grants/keys.js';
export {
  type BucketGrant,
  declared,
  type FunctionGrants,
  type RouteGrantTable,
  TABLE_READ_ACTIONS,
  TABLE_WRITE_ACTIONS,
  type TableGrant,
  type TriggerGrantTable,
  type Uses,
} from './grants/model.js';
export { ROUTE_GRANTS } from './grants/route-grants.js';
export { TRIGGER_GRANTS } from './grants/trigger-grants.js';
