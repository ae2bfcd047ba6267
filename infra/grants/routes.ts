import { read, type RouteGrantTable } from './model.js';

/**
 * What the kinds of a route's `uses` (shared/stores.ts, their actions in kinds.ts) cannot say, by route id, each
 * with its reason. Every other action of a route comes from its `uses` and from what the route implies
 * (common.ts): the caller's roles, an API client's limit, the audit entry of a state-changing request, texts
 * when `uses.sendsSms`. An entry in the earlier style (a route's whole actions) is moved into its `uses` by
 * scripts/uses-from-grants.ts; the IAM test fails while one is left.
 */
export const ACTIONS_BY_ROUTE = {
  // The health check proves the function reaches the directory, the uploads bucket and the user pool (lambdas/adapters/health.ts):
  // it describes the table and the pool and heads the bucket (ListBucket), touching no item, object or user, so no kind of `uses` says it.
  'get-health': { tables: { directory: read(['DescribeTable']) }, buckets: { uploads: { list: true } }, userPool: ['DescribeUserPool'] },
  // Approving a request for an existing organisation checks, in the approval's transaction, that the organisation still
  // exists (lambdas/data/directory/access-decisions.ts): a ConditionCheck, the one route that makes one.
  'decide-access-request': { tables: { directory: { actions: ['ConditionCheckItem'] } } },
} satisfies RouteGrantTable;
