/**
 * Least privilege, per function: what each route's Lambda (by route id, shared/routes/*.ts) and each
 * S3-triggered function (by trigger id, infra/definitions.ts) may do with the stores its `uses`
 * declares. The route table says *which* stores a function reaches, once; this says *how*: the DynamoDB
 * actions and indexes, the S3 actions per key prefix, the Cognito actions, typed so that an entry naming
 * a store its `uses` does not declare does not compile. What `uses` and the route imply (the caller's
 * roles, a state-changing request's audit entry, texts) is derived in common.ts, never written per function.
 * It is IAM knowledge, tied to the repositories in lambdas/data (their keys and calls), so it lives here and not in shared/.
 *
 * test/infra/iam.test.ts holds the stack to this table and this table to the code: each handler's
 * bundle is read for the AWS calls it can make (test/infra/handler-calls.ts), and the grant must
 * cover them all and give nothing more. The tables are typed by the route ids (shared/routes/index.ts) and
 * the event functions' ids (infra/definitions.ts): a function without an entry, or an entry under a
 * misspelt id, does not compile.
 *
 * infra/grants/: model.ts (what a grant says, and unions of grants), keys.ts (the object key layouts the
 * bucket grants name), common.ts (what `uses` implies, and the whole grant), routes.ts and triggers.ts (the own actions).
 */
export { KEYS } from './grants/keys.js';
export {
  type BucketGrant,
  type FunctionGrants,
  type RouteGrantTable,
  TABLE_READ_ACTIONS,
  TABLE_WRITE_ACTIONS,
  type TableGrant,
  type TriggerGrantTable,
} from './grants/model.js';
export { ROUTE_GRANTS } from './grants/route-grants.js';
export { TRIGGER_GRANTS } from './grants/triggers.js';
