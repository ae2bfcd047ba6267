import type { RouteDef } from '#shared/routes/define.js';
import { type BucketKey, type ObjectAccess, type PoolAccess, type TableAccess, TABLES, type TableKey } from '#shared/stores.js';
import type { EventUses } from '../definitions.js';
import { KEYS } from './keys.js';
import type { BucketGrant, FunctionGrants, TableAction } from './model.js';

/**
 * The one table of what each access kind of a route's `uses` (shared/stores.ts) allows. A kind groups the
 * actions that reach the same items the same way: GetItem and BatchGetItem read any item by its key, PutItem
 * and UpdateItem each create or overwrite any item; Query (a partition's items), Scan (all of them) and
 * DeleteItem are kinds of their own, and `a` puts without updating (the audit log's only write).
 */
export const TABLE_KINDS = {
  r: ['GetItem', 'BatchGetItem'],
  q: ['Query'],
  s: ['Scan'],
  a: ['PutItem'],
  w: ['PutItem', 'UpdateItem'],
  d: ['DeleteItem'],
} as const satisfies Record<string, readonly TableAction[]>;

/** A user pool's operations: each letter one Cognito action (every one is a capability of its own). */
export const POOL_OPS = {
  u: 'AdminGetUser',
  g: 'AdminListGroupsForUser',
  l: 'ListUsers',
  m: 'ListUsersInGroup',
  c: 'AdminCreateUser',
  p: 'AdminSetUserPassword',
  a: 'AdminAddUserToGroup',
  x: 'AdminRemoveUserFromGroup',
  o: 'AdminUserGlobalSignOut',
  d: 'AdminDeleteUser',
  n: 'CreateUserPoolClient',
  k: 'DeleteUserPoolClient',
} as const;

/** A key family's kinds: the object action of each on the family's key patterns (`l`: ListBucket on the bucket). */
export const OBJECT_KINDS = { r: 'read', v: 'readVersions', w: 'write', d: 'delete' } as const satisfies Record<string, keyof BucketGrant>;

function bucketGrant(bucket: BucketKey, families: Partial<Record<string, ObjectAccess>>): BucketGrant {
  const patterns = (kind: keyof typeof OBJECT_KINDS) =>
    Object.entries(families)
      .filter(([, access]) => access?.includes(kind))
      .flatMap(([family]) => (KEYS[bucket] as Record<string, string | readonly string[]>)[family] ?? []);
  return {
    ...Object.fromEntries(Object.entries(OBJECT_KINDS).map(([kind, op]) => [op, patterns(kind as keyof typeof OBJECT_KINDS)])),
    list: Object.values(families).some((access) => access?.includes('l')),
  };
}

function tableGrant(key: TableKey, access: TableAccess): NonNullable<FunctionGrants['tables']>[TableKey] {
  const actions = [...new Set([...access].flatMap((kind) => (kind in TABLE_KINDS ? TABLE_KINDS[kind as keyof typeof TABLE_KINDS] : [])))];
  const indexes = [...access].filter((c) => /\d/.test(c)).map((n) => `gsi${n}`);
  const missing = indexes.filter((name) => !TABLES[key].indexes.some((index) => index.name === name));
  if (missing.length) throw new Error(`The ${key} table has no index ${missing.join(', ')} (shared/stores.ts).`);
  return { actions, indexes };
}

/**
 * An event function's `uses` (infra/definitions.ts) in kinds; stores listed the earlier way (`tables: ['submissions']`,
 * `buckets: ['uploads']`, their actions in an ACTIONS_BY_TRIGGER entry) get no kind until scripts/uses-from-grants.ts says them.
 */
export function eventUses(uses: EventUses | LegacyUses): EventUses {
  const named = <V>(stores: object | undefined, none: V) => (Array.isArray(stores) ? Object.fromEntries(stores.map((key: string) => [key, none])) : stores);
  return { ...uses, tables: named(uses.tables, ''), buckets: named(uses.buckets, {}) } as EventUses;
}
/** Stores named the earlier way, without kinds (a branch's trigger entry before its conversion). */
type LegacyUses = { tables?: readonly TableKey[]; buckets?: readonly BucketKey[]; sendsSms?: boolean };

/** What a route's or event function's `uses` grants, kind by kind (a route's implied reads and audit entry: common.ts). */
export function grantOfUses(uses: RouteDef['uses'] | EventUses): FunctionGrants {
  return {
    tables: Object.fromEntries((Object.entries(uses.tables ?? {}) as [TableKey, TableAccess][]).map(([key, access]) => [key, tableGrant(key, access)])),
    buckets: Object.fromEntries(
      (Object.entries(uses.buckets ?? {}) as [BucketKey, Partial<Record<string, ObjectAccess>>][]).map(([key, families]) => [key, bucketGrant(key, families)]),
    ),
    userPool: [...(('userPool' in uses && uses.userPool) || '')].map((op) => POOL_OPS[op as keyof typeof POOL_OPS]),
    ...('employeePool' in uses &&
      uses.employeePool !== undefined && { employeePool: [...uses.employeePool].map((op) => POOL_OPS[op as keyof typeof POOL_OPS]) }),
  };
}

/**
 * The fewest kinds that allow these actions and indexes, in the order `TableAccess` spells them, and the actions
 * no kind allows (a route's documented exceptions: infra/grants/routes.ts). Used by the IAM test (the kinds a
 * route's code needs) and by scripts/uses-from-grants.ts.
 */
export function tableAccessOf(actions: Iterable<string>, indexes: Iterable<string> = []): { access: TableAccess; rest: string[] } {
  const needed = new Set(actions);
  const has = (...names: string[]) => names.some((name) => needed.has(name));
  const kinds = [
    has('GetItem', 'BatchGetItem') ? 'r' : '',
    has('Query') ? 'q' : '',
    has('Scan') ? 's' : '',
    has('UpdateItem') ? 'w' : has('PutItem') ? 'a' : '',
    has('DeleteItem') ? 'd' : '',
    ...[...new Set(indexes)].map((name) => name.replace(/^gsi/, '')).sort(),
  ].join('');
  const covered = new Set<string>(Object.values(TABLE_KINDS).flat());
  return { access: kinds as TableAccess, rest: [...needed].filter((action) => !covered.has(action)) };
}

/** The letters of these Cognito actions, and the actions no letter names. */
export function poolAccessOf(actions: Iterable<string>): { access: PoolAccess; rest: string[] } {
  const needed = new Set(actions);
  const letters = Object.entries(POOL_OPS).filter(([, action]) => needed.has(action));
  const named = new Set<string>(letters.map(([, action]) => action));
  return { access: letters.map(([letter]) => letter).join('') as PoolAccess, rest: [...needed].filter((action) => !named.has(action)) };
}
