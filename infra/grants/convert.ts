import { isStateChanging, type RouteDef } from '#shared/routes/define.js';
import type { BucketKey, TableKey } from '#shared/stores.js';
import type { EventUses } from '../definitions.js';
import { grantOf, routeGrantOf } from './common.js';
import { KEYS } from './keys.js';
import { eventUses, grantOfUses, OBJECT_KINDS, poolAccessOf, tableAccessOf } from './kinds.js';
import { type BucketGrant, declared, type FunctionGrants, merge, type OwnActions, type TableGrant, type Uses } from './model.js';

/**
 * A route's or event function's grant written in the earlier style (its stores in `uses`, its actions in an
 * ACTIONS_BY_ROUTE or ACTIONS_BY_TRIGGER entry) said in kinds: the `uses` whose derivation gives the same grant, give or take what a kind adds (decision 0206),
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

/**
 * The kinds that give `whole` beyond what is `implied`, on these stores (`keepEmpty`: a table named with no kind of its
 * own), and what no kind says (`rest`).
 */
function kindsOf(whole: FunctionGrants, implied: FunctionGrants, stores: Uses, keepEmpty: (key: TableKey) => boolean): Conversion {
  const names = declared(stores);
  const problems: string[] = [];
  const rest: FunctionGrants = {};

  const tables: Record<string, string> = {};
  for (const key of new Set([...names.tables, ...Object.keys(whole.tables ?? {})]) as Set<TableKey>) {
    const grant: TableGrant = whole.tables?.[key] ?? { actions: [] };
    const { access, rest: left } = tableAccessOf(minus(grant.actions, implied.tables?.[key]?.actions), minus(grant.indexes, implied.tables?.[key]?.indexes));
    if (left.length) (rest.tables ??= {})[key] = { actions: left as TableGrant['actions'] };
    if (access || keepEmpty(key)) tables[key] = access;
  }

  const buckets: Record<string, Record<string, string>> = {};
  for (const key of new Set([...names.buckets, ...Object.keys(whole.buckets ?? {})]) as Set<BucketKey>) {
    const grant: BucketGrant = whole.buckets?.[key] ?? {};
    const kinds: Record<string, string> = {};
    for (const [kind, op] of Object.entries(OBJECT_KINDS)) {
      const { families, unknown } = familiesOf(key, grant[op]);
      if (unknown.length)
        problems.push(`${key} ${kind}: ${unknown.join(', ')} is no key family's pattern (infra/grants/keys.ts, shared/stores.ts BucketFamilies)`);
      for (const family of families) kinds[family] = (kinds[family] ?? '') + kind;
    }
    // ListBucket goes with a family the function reads (it tells that family's missing keys from forbidden ones), else with any.
    if (grant.list) {
      const probed = Object.keys(kinds).find((family) => kinds[family]!.includes('r')) ?? Object.keys(kinds)[0];
      if (probed) kinds[probed] += 'l';
      else (rest.buckets ??= {})[key] = { list: true };
    }
    buckets[key] = kinds;
  }

  const pools: Record<string, string> = {};
  for (const [key, named] of [
    ['userPool', names.userPool],
    ['employeePool', names.employeePool],
  ] as const) {
    if (!named && !whole[key]?.length) continue;
    const { access, rest: left } = poolAccessOf(whole[key] ?? []);
    if (left.length) rest[key] = left;
    pools[key] = access;
  }

  const converted = {
    ...(Object.keys(tables).length && { tables }),
    ...(Object.keys(buckets).length && { buckets }),
    ...pools,
    ...(names.sendsSms && { sendsSms: true }),
  };
  return { uses: converted as RouteDef['uses'], rest, problems };
}

/** `route.uses` names each store (`{ submissions: '' }`, `{ uploads: {} }`, `userPool: ''`); `own` is its entry. */
export function usesFromGrant(route: Pick<RouteDef, 'method' | 'openToClients' | 'uses'>, own: OwnActions): Conversion {
  const uses = route.uses;
  const whole = routeGrantOf(route, { ...merge(grantOfUses(uses), own), notifies: own.notifies, audits: own.audits });
  const bare = { ...uses, tables: Object.fromEntries(Object.keys(uses.tables ?? {}).map((k) => [k, ''])), buckets: {} };
  const implied = routeGrantOf({ ...route, uses: bare }, {});
  return kindsOf(whole, implied, uses, (key) => !(key === 'directory' || (key === 'audit' && isStateChanging(route))));
}

/**
 * An event function's (infra/definitions.ts) `uses` in kinds, from `uses` as it is (its stores listed the earlier way,
 * `tables: ['submissions']`, or already in kinds) and its ACTIONS_BY_TRIGGER entry; `rest` keeps what no kind says
 * (BatchWriteItem, SES, the SPA URL's parameter).
 */
export function eventUsesFromGrant(uses: Uses, own: OwnActions): Conversion & { uses: EventUses } {
  const whole = grantOf(eventUses(uses), { ...merge(grantOfUses(eventUses(uses)), own), notifies: own.notifies, audits: own.audits });
  const conversion = kindsOf(whole, {}, uses, () => true);
  const rest = { ...conversion.rest, ...(own.sendsEmail && { sendsEmail: true as const }), ...(own.readsAppUrl && { readsAppUrl: true as const }) };
  return { ...conversion, uses: conversion.uses as EventUses, rest };
}

/** What in an ACTIONS_BY_ROUTE or ACTIONS_BY_TRIGGER entry a kind of `uses` can say (each as the function's `uses` would). */
export function sayable(own: OwnActions): string[] {
  return [
    ...Object.entries(own.tables ?? {}).flatMap(([key, grant]) => {
      const { access } = tableAccessOf(grant.actions, grant.indexes);
      return access ? [`${key}: '${access}'`] : [];
    }),
    ...Object.entries(own.buckets ?? {}).flatMap(([key, grant]) => (Object.values(OBJECT_KINDS).some((op) => grant[op]?.length) ? [key] : [])),
    ...[own.userPool, own.employeePool].flatMap((actions) => poolAccessOf(actions ?? []).access || []),
    ...(own.notifies || own.audits ? ['a directory or audit write'] : []),
  ];
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
