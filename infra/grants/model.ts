import type { RouteDef, ROUTES } from '#shared/routes/index.js';
import type { BucketKey, TableKey } from '#shared/stores.js';
import type { AUTH_TRIGGERS, EMPLOYEE_AUTH_TRIGGERS, EventUses, S3_TRIGGERS, SCHEDULED_JOBS, STREAM_TRIGGERS } from '../definitions.js';

/** What a grant may say: the DynamoDB actions and indexes, the S3 actions per key pattern, the Cognito actions. */
export type TableAction =
  'GetItem' | 'BatchGetItem' | 'Query' | 'Scan' | 'ConditionCheckItem' | 'DescribeTable' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'BatchWriteItem';

export const TABLE_READ_ACTIONS: readonly TableAction[] = ['GetItem', 'BatchGetItem', 'Query', 'Scan', 'ConditionCheckItem', 'DescribeTable'];
export const TABLE_WRITE_ACTIONS: readonly TableAction[] = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'];

export interface TableGrant {
  /** On the table itself (TransactWriteItems is authorised per item: PutItem, UpdateItem, DeleteItem, ConditionCheckItem). */
  actions: readonly TableAction[];
  /** Global secondary indexes the function queries (dynamodb:Query on table/index/<name>). */
  indexes?: readonly string[];
}

/** Object key patterns, IAM style (`*` any characters, `?` one). */
export interface BucketGrant {
  /** s3:GetObject: GetObject, HeadObject, the source of CopyObject, presigned GET links. */
  read?: readonly string[];
  /** s3:GetObjectVersion: a GetObject (or presigned GET link) naming a VersionId. */
  readVersions?: readonly string[];
  /** s3:PutObject: PutObject, the target of CopyObject, presigned POSTs. */
  write?: readonly string[];
  /** s3:DeleteObject (DeleteObjects too). */
  delete?: readonly string[];
  /** s3:ListBucket on the bucket: HeadBucket, and a 404 rather than a 403 for a missing key. */
  list?: boolean;
}

export interface FunctionGrants {
  tables?: Partial<Record<TableKey, TableGrant>>;
  buckets?: Partial<Record<BucketKey, BucketGrant>>;
  /** Cognito actions on the user pool, without the `cognito-idp:` prefix. */
  userPool?: readonly string[];
  /** Cognito actions on the employees' user pool, without the `cognito-idp:` prefix. */
  employeePool?: readonly string[];
  /** ses:SendEmail from the deployment's sender identity (and SENDER_EMAIL set). */
  sendsEmail?: boolean;
  /** sns:Publish straight to phone numbers (SMS; SNS names no resource for them). */
  sendsSms?: boolean;
  /** ssm:GetParameter on the SPA URL's parameter (and APP_URL_PARAMETER set): emails link into the SPA. */
  readsAppUrl?: boolean;
  /** It writes notifications' outbox items (no permission of its own: the directory's PutItem carries it). */
  notifies?: boolean;
}

/** A table's actions with the indexes the function queries. */
export const read = (actions: readonly TableAction[], ...indexes: string[]): TableGrant => ({ actions, indexes });

/** Unions of grants: a repository's needs composed with a route's. */
export function merge(...parts: FunctionGrants[]): FunctionGrants {
  const union = <T>(a: readonly T[] = [], b: readonly T[] = []) => [...new Set([...a, ...b])];
  const out: FunctionGrants & Required<Pick<FunctionGrants, 'tables' | 'buckets' | 'userPool'>> = { tables: {}, buckets: {}, userPool: [] };
  for (const part of parts) {
    for (const [key, grant] of Object.entries(part.tables ?? {}) as [TableKey, TableGrant][]) {
      const prev = out.tables[key];
      out.tables[key] = { actions: union(prev?.actions, grant.actions), indexes: union(prev?.indexes, grant.indexes) };
    }
    for (const [key, grant] of Object.entries(part.buckets ?? {}) as [BucketKey, BucketGrant][]) {
      const prev = out.buckets[key] ?? {};
      out.buckets[key] = {
        read: union(prev.read, grant.read),
        readVersions: union(prev.readVersions, grant.readVersions),
        write: union(prev.write, grant.write),
        delete: union(prev.delete, grant.delete),
        list: Boolean(prev.list || grant.list),
      };
    }
    out.userPool = union(out.userPool, part.userPool);
    if (part.employeePool) out.employeePool = union(out.employeePool, part.employeePool);
    if (part.sendsEmail) out.sendsEmail = true;
    if (part.sendsSms) out.sendsSms = true;
    if (part.readsAppUrl) out.readsAppUrl = true;
    if (part.notifies) out.notifies = true;
  }
  return out;
}

/** The stores a function declares it reaches: a route's `uses` (shared/routes), an event function's (infra/definitions.ts), each with what it does with each store. */
export type Uses = RouteDef['uses'] | EventUses;

/** The stores `uses` names, whichever its shape. */
export function declared(uses: Uses): { tables: TableKey[]; buckets: BucketKey[]; userPool: boolean; employeePool: boolean; sendsSms: boolean } {
  const names = <K extends string>(stores: readonly K[] | Partial<Record<K, unknown>> | undefined): K[] =>
    Array.isArray(stores) ? [...stores] : (Object.keys(stores ?? {}) as K[]);
  const route = uses as RouteDef['uses'];
  return {
    tables: names<TableKey>(uses.tables),
    buckets: names<BucketKey>(uses.buckets),
    userPool: route.userPool !== undefined,
    employeePool: route.employeePool !== undefined,
    sendsSms: uses.sendsSms === true,
  };
}

/** A grant on some of these stores; none at all when there are none (`{}` would take any store). */
type Only<K extends string, G> = [K] extends [never] ? never : Partial<Record<K, G>>;
type DeclaredTables<U> = U extends { tables: readonly (infer S extends TableKey)[] } ? S : U extends { tables: infer T } ? Extract<keyof T, TableKey> : never;
type DeclaredBuckets<U> = U extends { buckets: readonly (infer S extends BucketKey)[] }
  ? S
  : U extends { buckets: infer B }
    ? Extract<keyof B, BucketKey>
    : never;

/**
 * A function's own actions, on the stores its `uses` declares and on no other: a table, bucket or user pool
 * that `uses` does not name does not compile (`Always`: the tables every function of the kind reaches).
 * What `uses` implies is not written here but derived (common.ts `grantOf`).
 */
export interface ActionsOn<U, Always extends TableKey = never> {
  tables?: Only<DeclaredTables<U> | Always, TableGrant>;
  buckets?: Only<DeclaredBuckets<U>, BucketGrant>;
  userPool?: U extends { userPool: string } ? readonly string[] : never;
  employeePool?: U extends { employeePool: string } ? readonly string[] : never;
  sendsEmail?: true;
  readsAppUrl?: true;
  /** It queues notifications (common.ts NOTIFIES). */
  notifies?: true;
  /** It appends an entry to the audit log (a route's state-changing request always does: common.ts). */
  audits?: true;
}

/** Own actions as the derivation reads them, whatever function they belong to. */
export type OwnActions = FunctionGrants & Pick<ActionsOn<never>, 'notifies' | 'audits'>;

type Route = (typeof ROUTES)[number];
type EventFunction = (typeof S3_TRIGGERS)[number] | (typeof STREAM_TRIGGERS)[number] | (typeof SCHEDULED_JOBS)[number];
type CognitoTrigger = (typeof AUTH_TRIGGERS)[keyof typeof AUTH_TRIGGERS] | (typeof EMPLOYEE_AUTH_TRIGGERS)[keyof typeof EMPLOYEE_AUTH_TRIGGERS];

/**
 * Actions of a route, by its id, on the stores of its `uses` (and the directory, which every route's chain
 * reads, and the audit log a state-changing request writes): a misspelt id or a store the route does not
 * declare does not compile. The shape of infra/grants/routes.ts ACTIONS_BY_ROUTE, which holds only what the
 * kinds of `uses` cannot say (scripts/uses-from-grants.ts moves the rest into `uses`).
 */
export type RouteGrantTable = { [R in Route as R['id']]?: ActionsOn<R['uses'], 'directory' | (R['method'] extends 'GET' ? never : 'audit')> };
/**
 * The same for the S3 and stream triggers and scheduled jobs, by id, and the Cognito triggers, by function name: the shape of
 * infra/grants/triggers.ts ACTIONS_BY_TRIGGER, which holds only what the kinds of their `uses` cannot say.
 */
export type TriggerGrantTable = { [T in EventFunction as T['id']]?: ActionsOn<T['uses']> } & {
  [C in CognitoTrigger as C['functionName']]?: ActionsOn<C['uses']>;
};
