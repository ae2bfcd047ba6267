import { isStateChanging, type RouteDef } from '#shared/routes/define.js';
import type { BucketKey, TableKey } from '#shared/stores.js';
import { routeGrantOf } from './common.js';
import { KEYS } from './keys.js';
import { grantOfUses, OBJECT_KINDS, poolAccessOf, tableAccessOf } from './kinds.js';
import { type BucketGrant, type FunctionGrants, merge, type OwnActions, type TableGrant } from './model.js';

/**
 * A route's grant written in the earlier style (its stores in `uses`, its actions in an ACTIONS_BY_ROUTE entry)
 * said in kinds: the `uses` whose derivation gives the same grant, give or take what a kind adds (decision 0206),
 * and what no kind says (`rest`, left in ACTIONS_BY_ROUTE). Used by scripts/uses-from-grants.ts.
 */
export interface Conversion {
  uses: RouteDef['uses'];
  rest: FunctionGrants;
  problems: string[];
}

const minus = (a: readonly string[] = [], b: readonly string[] = []) => a.filter((x) => !b.includes(x));
const patterns = (bucket: BucketKey) => Object.entries(KEYS[bucket] as Record<string, string | readonly string[]>).map(([f, p]) => [f, [p].flat()] as const);

/** The key families whose patterns are all among these (a family of several patterns only when all are), and the patterns of none. */
function familiesOf(bucket: BucketKey, granted: readonly string[] = []): { families: string[]; unknown: string[] } {
  const families = patterns(bucket).filter(([, p]) => p.every((one) => granted.includes(one)));
  const known = new Set(families.flatMap(([, p]) => p));
  return { families: families.map(([family]) => family), unknown: granted.filter((p) => !known.has(p)) };
}

/** `route.uses` names each store (`{ submissions: '' }`, `{ uploads: {} }`, `userPool: ''`); `own` is its entry. */
export function usesFromGrant(route: Pick<RouteDef, 'method' | 'openToClients' | 'uses'>, own: OwnActions): Conversion {
  const uses = route.uses;
  const whole = routeGrantOf(route, { ...merge(grantOfUses(uses), own), notifies: own.notifies, audits: own.audits });
  const bare = { ...uses, tables: Object.fromEntries(Object.keys(uses.tables ?? {}).map((k) => [k, ''])), buckets: {} };
  const implied = routeGrantOf({ ...route, uses: bare }, {});
  const problems: string[] = [];
  const rest: FunctionGrants = {};

  const tables: Record<string, string> = {};
  for (const key of new Set([...Object.keys(uses.tables ?? {}), ...Object.keys(whole.tables ?? {})]) as Set<TableKey>) {
    const grant: TableGrant = whole.tables?.[key] ?? { actions: [] };
    const { access, rest: left } = tableAccessOf(minus(grant.actions, implied.tables?.[key]?.actions), minus(grant.indexes, implied.tables?.[key]?.indexes));
    if (left.length) (rest.tables ??= {})[key] = { actions: left as TableGrant['actions'] };
    const impliedTable = key === 'directory' || (key === 'audit' && isStateChanging(route));
    if (access || !impliedTable) tables[key] = access;
  }

  const buckets: Record<string, Record<string, string>> = {};
  for (const key of new Set([...Object.keys(uses.buckets ?? {}), ...Object.keys(whole.buckets ?? {})]) as Set<BucketKey>) {
    const grant: BucketGrant = whole.buckets?.[key] ?? {};
    const kinds: Record<string, string> = {};
    for (const [kind, op] of Object.entries(OBJECT_KINDS)) {
      const { families, unknown } = familiesOf(key, grant[op]);
      if (unknown.length)
        problems.push(`${key} ${kind}: ${unknown.join(', ')} is no key family's pattern (infra/grants/keys.ts, shared/stores.ts BucketFamilies)`);
      for (const family of families) kinds[family] = (kinds[family] ?? '') + kind;
    }
    // ListBucket goes with a family the route reads (it tells that family's missing keys from forbidden ones), else with any.
    if (grant.list) {
      const probed = Object.keys(kinds).find((family) => kinds[family]!.includes('r')) ?? Object.keys(kinds)[0];
      if (probed) kinds[probed] += 'l';
      else (rest.buckets ??= {})[key] = { list: true };
    }
    buckets[key] = kinds;
  }

  const pools: Record<string, string> = {};
  for (const key of ['userPool', 'employeePool'] as const) {
    if (uses[key] === undefined && !whole[key]?.length) continue;
    const { access, rest: left } = poolAccessOf(whole[key] ?? []);
    if (left.length) rest[key] = left;
    pools[key] = access;
  }

  const converted = {
    ...(Object.keys(tables).length && { tables }),
    ...(Object.keys(buckets).length && { buckets }),
    ...pools,
    ...(uses.sendsSms && { sendsSms: true }),
  };
  return { uses: converted as RouteDef['uses'], rest, problems };
}

/** Whether an entry says more than `rest`: something a kind of `uses` can say. */
export function saysMoreThan(own: OwnActions, rest: FunctionGrants): boolean {
  if (own.notifies || own.audits || own.sendsEmail || own.readsAppUrl) return true;
  const objects = Object.entries(own.buckets ?? {}) as [BucketKey, BucketGrant][];
  if (objects.some(([key, grant]) => Object.values(OBJECT_KINDS).some((op) => grant[op]?.length) || (grant.list && !rest.buckets?.[key]?.list))) return true;
  const tables = Object.entries(own.tables ?? {}) as [TableKey, TableGrant][];
  if (tables.some(([key, grant]) => minus(grant.actions, rest.tables?.[key]?.actions).length || grant.indexes?.length)) return true;
  return minus(own.userPool, rest.userPool).length > 0 || minus(own.employeePool, rest.employeePool).length > 0;
}
