import type { RouteId } from '../../shared/routes.js';
import type { BucketKey, TableKey } from '../../shared/stores.js';
import type { AUTH_TRIGGERS, EMPLOYEE_AUTH_TRIGGERS, S3_TRIGGERS, SCHEDULED_JOBS, STREAM_TRIGGERS } from '../definitions.js';

/** What a grant may say: the DynamoDB actions and indexes, the S3 actions per key pattern, the Cognito actions. */
export type TableAction =
  | 'GetItem'
  | 'BatchGetItem'
  | 'Query'
  | 'Scan'
  | 'ConditionCheckItem'
  | 'DescribeTable'
  | 'PutItem'
  | 'UpdateItem'
  | 'DeleteItem'
  | 'BatchWriteItem';

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

/** The functions that run on an event: the S3 triggers and scheduled jobs of infra/definitions.ts, and the Cognito triggers. */
type EventFunctionId = (typeof S3_TRIGGERS)[number]['id'] | (typeof STREAM_TRIGGERS)[number]['id'] | (typeof SCHEDULED_JOBS)[number]['id'];
type CognitoTriggerName = (typeof AUTH_TRIGGERS)[keyof typeof AUTH_TRIGGERS]['functionName'] | (typeof EMPLOYEE_AUTH_TRIGGERS)[keyof typeof EMPLOYEE_AUTH_TRIGGERS]['functionName'];

/** A grant for every route, by its id: a misspelt or missing id does not compile. */
export type RouteGrantTable = Record<RouteId, FunctionGrants>;
/** A grant for every S3 trigger and scheduled job, and for the Cognito triggers that reach a store, by id. */
export type TriggerGrantTable = Record<EventFunctionId, FunctionGrants> & Partial<Record<CognitoTriggerName, FunctionGrants>>;
