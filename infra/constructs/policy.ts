import { Annotations } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, type IRole, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { BucketKey, TableKey } from '#shared/stores.js';
import { TABLES } from '#shared/stores.js';
import { type BucketGrant, declared, type FunctionGrants, TABLE_READ_ACTIONS, TABLE_WRITE_ACTIONS, type TableGrant, type Uses } from '../grants.js';
import { acknowledge, acknowledgeResolved, arnToken } from './nag.js';

export interface Stores {
  tables: Record<TableKey, ITable>;
  buckets: Record<BucketKey, IBucket>;
  userPool: IUserPool;
  /** The employees' user pool, for the functions that reach it (a route whose `uses.employeePool` is set). */
  employeePool?: IUserPool;
}

/**
 * What a function without an entry in infra/grants.ts gets: everything on what it uses, as before
 * grants were per function. test/infra/iam.test.ts fails while any function relies on it.
 */
export function broadGrants(uses: Uses, userPoolActions: readonly string[]): FunctionGrants {
  const all = [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS];
  const stores = declared(uses);
  return {
    tables: Object.fromEntries(stores.tables.map((key) => [key, { actions: all, indexes: TABLES[key].indexes.map((i) => i.name) }])),
    buckets: Object.fromEntries(stores.buckets.map((key) => [key, { read: ['*'], write: ['*'], delete: ['*'], list: true }])),
    userPool: stores.userPool ? userPoolActions.map((a) => a.replace(/^cognito-idp:/, '')) : [],
  };
}

/**
 * Adds the statements of `grants` to the role, for the stores `uses` declares only (a grant naming
 * anything else is ignored here and reported by the IAM test). Object wildcards are scoped to the key
 * patterns of infra/grants.ts, each acknowledged for cdk-nag with the layout it comes from.
 */
export function applyGrants(role: IRole, grants: FunctionGrants | undefined, uses: Uses, stores: Stores, fallbackUserPoolActions: readonly string[]): void {
  if (!grants) {
    Annotations.of(role).addWarningV2(
      'payroll:no-grants',
      `${role.node.path}: no entry in infra/grants.ts, so it gets everything on the stores it uses. Add one (test/infra/iam.test.ts shows what its code calls).`,
    );
  }
  const effective = grants ?? broadGrants(uses, fallbackUserPoolActions);
  const declares = declared(uses);
  for (const key of declares.tables) {
    const grant = effective.tables?.[key];
    if (grant) grantTable(role, stores.tables[key], grant);
  }
  for (const key of declares.buckets) {
    const grant = effective.buckets?.[key];
    if (grant) grantBucket(role, key, stores.buckets[key], grant);
  }
  if (declares.userPool && effective.userPool?.length) {
    role.addToPrincipalPolicy(new PolicyStatement({ actions: effective.userPool.map((a) => `cognito-idp:${a}`), resources: [stores.userPool.userPoolArn] }));
  }
  if (declares.employeePool && stores.employeePool && effective.employeePool?.length) {
    role.addToPrincipalPolicy(
      new PolicyStatement({ actions: effective.employeePool.map((a) => `cognito-idp:${a}`), resources: [stores.employeePool.userPoolArn] }),
    );
  }
  if (declares.sendsSms && effective.sendsSms) grantSms(role);
}

/** sns:Publish to phone numbers: SNS has no ARN for a number, so the resource is "*", and topics are denied. */
function grantSms(role: IRole): void {
  role.addToPrincipalPolicy(new PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }));
  role.addToPrincipalPolicy(new PolicyStatement({ effect: Effect.DENY, actions: ['sns:Publish'], resources: ['arn:aws:sns:*:*:*'] }));
  acknowledge(
    role,
    'AwsSolutions-IAM5[Resource::*]',
    'An SMS is published to a phone number, which SNS names with no ARN: the grant is sns:Publish on "*", with publishing to any topic denied.',
  );
}

function grantTable(role: IRole, table: ITable, grant: TableGrant): void {
  if (grant.actions.length) {
    role.addToPrincipalPolicy(new PolicyStatement({ actions: grant.actions.map((a) => `dynamodb:${a}`), resources: [table.tableArn] }));
  }
  if (grant.indexes?.length) {
    role.addToPrincipalPolicy(new PolicyStatement({ actions: ['dynamodb:Query'], resources: grant.indexes.map((name) => `${table.tableArn}/index/${name}`) }));
  }
}

function grantBucket(role: IRole, key: BucketKey, bucket: IBucket, grant: BucketGrant): void {
  const ops: [string, readonly string[] | undefined][] = [
    ['s3:GetObject', grant.read],
    ['s3:GetObjectVersion', grant.readVersions],
    ['s3:PutObject', grant.write],
    ['s3:DeleteObject', grant.delete],
  ];
  for (const [action, patterns = []] of ops) {
    if (patterns.length) role.addToPrincipalPolicy(new PolicyStatement({ actions: [action], resources: patterns.map((p) => bucket.arnForObjects(p)) }));
  }
  if (grant.list) role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));

  const wildcards = new Set(ops.flatMap(([, patterns = []]) => patterns.filter((p) => /[*?]/.test(p))));
  for (const pattern of wildcards) {
    acknowledgeResolved(
      role,
      () => `AwsSolutions-IAM5[Resource::${arnToken(bucket, role)}/${pattern}]`,
      `Object keys in the ${key} bucket are made at run time (ids, months, payee keys, file names); object actions are limited to the pattern ${pattern} of the key layout in lambdas/data (KEYS in infra/grants.ts).`,
    );
  }
}
