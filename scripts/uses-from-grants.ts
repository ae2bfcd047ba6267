/**
 * Moves routes' grants written in the earlier style into their `uses` (the kinds of shared/stores.ts):
 * a route whose `uses` names its stores as lists (`tables: ['submissions']`, `buckets: ['uploads']`,
 * `userPool: true`) and whose actions are an entry of ACTIONS_BY_ROUTE (infra/grants/routes.ts) gets a
 * `uses` saying, per store, the kinds those actions and the route's implied ones (common.ts) need; the
 * entry is removed, or cut down to what no kind says (left for a person to give its reason).
 *
 *   npx tsx scripts/uses-from-grants.ts           # prints what it would change
 *   npx tsx scripts/uses-from-grants.ts --write   # rewrites shared/routes/*.ts and infra/grants/routes.ts
 *
 * Then `npx prettier --write shared/routes infra/grants` and the IAM test (test/infra/iam.test.ts). Running it
 * again changes nothing.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStateChanging, type RouteDef } from '#shared/routes/define.js';
import { ROUTES } from '#shared/routes/index.js';
import type { BucketKey, TableKey } from '#shared/stores.js';
import { routeGrantOf } from '../infra/grants/common.js';
import { KEYS } from '../infra/grants/keys.js';
import { grantOfUses, OBJECT_KINDS, poolAccessOf, tableAccessOf } from '../infra/grants/kinds.js';
import { type BucketGrant, type FunctionGrants, merge, type OwnActions, type TableGrant } from '../infra/grants/model.js';
import { ACTIONS_BY_ROUTE } from '../infra/grants/routes.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const write = process.argv.includes('--write');
const LEGACY = ACTIONS_BY_ROUTE as Partial<Record<string, OwnActions>>;
type Legacy = Record<string, unknown>;

/** A route's `uses` as the new shape reads it: stores listed the earlier way get no kinds yet (featureRoutes spread a list into `0`, `1`…). */
function normalised(uses: RouteDef['uses']): { uses: RouteDef['uses']; legacy: boolean } {
  const raw = uses as Legacy;
  const tables: Record<string, string> = {};
  let legacy = false;
  for (const [key, value] of Object.entries((raw.tables ?? {}) as Record<string, string>)) {
    if (/^\d+$/.test(key)) legacy = true;
    if (/^\d+$/.test(key)) tables[value] ??= '';
    else tables[key] = value;
  }
  const buckets = Array.isArray(raw.buckets) ? ((legacy = true), Object.fromEntries((raw.buckets as string[]).map((b) => [b, {}]))) : (raw.buckets ?? {});
  const pool = (value: unknown) => (value === true ? ((legacy = true), '') : value === false ? undefined : value);
  const out = { ...raw, tables, buckets, userPool: pool(raw.userPool), employeePool: pool(raw.employeePool) };
  for (const key of ['userPool', 'employeePool'] as const) if (out[key] === undefined) delete out[key];
  return { uses: out as RouteDef['uses'], legacy };
}

const minus = (a: readonly string[] = [], b: readonly string[] = []) => a.filter((x) => !b.includes(x));

/** The family of each key pattern of a bucket (a family of several patterns only when all of them are granted). */
function familiesOf(bucket: BucketKey, patterns: readonly string[] = []): { families: string[]; unknown: string[] } {
  const families = Object.entries(KEYS[bucket] as Record<string, string | readonly string[]>)
    .filter(([, p]) => [p].flat().every((one) => patterns.includes(one)))
    .map(([family]) => family);
  const known = new Set(families.flatMap((family) => [(KEYS[bucket] as Record<string, string | readonly string[]>)[family]!].flat()));
  return { families, unknown: patterns.filter((p) => !known.has(p)) };
}

/** Whether an entry says more than `rest`: something a kind of `uses` can say. */
function beyond(own: OwnActions, rest: FunctionGrants): boolean {
  if (own.notifies || own.audits || own.sendsEmail || own.readsAppUrl) return true;
  const objects = Object.entries(own.buckets ?? {}) as [BucketKey, BucketGrant][];
  if (objects.some(([key, grant]) => Object.values(OBJECT_KINDS).some((op) => grant[op]?.length) || (grant.list && !rest.buckets?.[key]?.list))) return true;
  const tables = Object.entries(own.tables ?? {}) as [TableKey, TableGrant][];
  if (tables.some(([key, grant]) => minus(grant.actions, rest.tables?.[key]?.actions).length || grant.indexes?.length)) return true;
  return minus(own.userPool, rest.userPool).length > 0 || minus(own.employeePool, rest.employeePool).length > 0;
}

interface Conversion {
  uses: string;
  rest: FunctionGrants;
  problems: string[];
}

function convert(route: RouteDef): Conversion | undefined {
  const { uses, legacy } = normalised(route.uses);
  const own = LEGACY[route.id] ?? {};
  const normalRoute = { ...route, uses };
  const whole = routeGrantOf(normalRoute, { ...merge(grantOfUses(uses), own), notifies: own.notifies, audits: own.audits });
  const bare = { ...uses, tables: Object.fromEntries(Object.keys(uses.tables ?? {}).map((k) => [k, ''])), buckets: {} } as RouteDef['uses'];
  const implied = routeGrantOf({ ...route, uses: bare }, {});
  const problems: string[] = [];
  const rest: FunctionGrants = {};

  const tables: string[] = [];
  const tableKeys = [...new Set([...Object.keys(uses.tables ?? {}), ...Object.keys(whole.tables ?? {})])] as TableKey[];
  for (const key of tableKeys) {
    const grant: TableGrant = whole.tables?.[key] ?? { actions: [] };
    const { access, rest: left } = tableAccessOf(minus(grant.actions, implied.tables?.[key]?.actions), minus(grant.indexes, implied.tables?.[key]?.indexes));
    if (left.length) (rest.tables ??= {})[key] = { actions: left as TableGrant['actions'] };
    const impliedTable = key === 'directory' || (key === 'audit' && isStateChanging(route));
    if (access || !impliedTable) tables.push(`${key}: '${access}'`);
  }

  const buckets: string[] = [];
  const bucketKeys = [...new Set([...Object.keys(uses.buckets ?? {}), ...Object.keys(whole.buckets ?? {})])] as BucketKey[];
  for (const key of bucketKeys) {
    const grant = whole.buckets?.[key] ?? {};
    const kinds = new Map<string, string>();
    for (const [kind, op] of Object.entries(OBJECT_KINDS)) {
      const { families, unknown } = familiesOf(key, grant[op]);
      if (unknown.length)
        problems.push(`${key} ${kind}: the patterns ${unknown.join(', ')} are no key family's (infra/grants/keys.ts, shared/stores.ts BucketFamilies)`);
      for (const family of families) kinds.set(family, (kinds.get(family) ?? '') + kind);
    }
    // ListBucket goes with a family the route reads (it tells that family's missing keys from forbidden ones), else with any.
    if (grant.list) {
      const probed = [...kinds].find(([, k]) => k.includes('r'))?.[0] ?? [...kinds.keys()][0];
      if (probed) kinds.set(probed, kinds.get(probed) + 'l');
      else (rest.buckets ??= {})[key] = { list: true };
    }
    buckets.push(`${key}: { ${[...kinds].map(([family, k]) => `${family}: '${k}'`).join(', ')} }`);
  }

  const pools: string[] = [];
  for (const key of ['userPool', 'employeePool'] as const) {
    if (uses[key] === undefined && !whole[key]?.length) continue;
    const { access, rest: left } = poolAccessOf(whole[key] ?? []);
    if (left.length) rest[key] = left;
    pools.push(`${key}: '${access}'`);
  }

  const fields = [
    ...(tables.length ? [`tables: { ${tables.join(', ')} }`] : []),
    ...(buckets.length ? [`buckets: { ${buckets.join(', ')} }`] : []),
    ...pools,
    ...(uses.sendsSms ? ['sendsSms: true'] : []),
  ];
  const text = fields.length ? `{ ${fields.join(', ')} }` : '{}';
  const restEmpty = !rest.tables && !rest.buckets && !rest.userPool && !rest.employeePool;
  if (!legacy && !beyond(own, rest)) return undefined;
  return { uses: text, rest: restEmpty ? {} : rest, problems };
}

/** The end (exclusive) of the braced literal starting at `open`. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    if (text[i] === '}' && --depth === 0) return i + 1;
  }
  throw new Error(`unbalanced braces from ${open}`);
}

function replaceUses(file: string, id: string, uses: string): void {
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(`id: '${id}'`);
  const next = text.indexOf("id: '", at + 1);
  const start = text.indexOf('uses:', at);
  if (at < 0 || start < 0 || (next >= 0 && start > next)) throw new Error(`${id}: no \`uses\` found in ${file}`);
  const open = text.indexOf('{', start);
  if (write) writeFileSync(file, text.slice(0, start) + `uses: ${uses}` + text.slice(closing(text, open)));
}

/** Removes a route's entry (and the comment lines right above it) from ACTIONS_BY_ROUTE, or puts what is left in its place. */
function replaceEntry(file: string, id: string, rest: FunctionGrants): void {
  const text = readFileSync(file, 'utf8');
  const match = new RegExp(`^[ \\t]*'${id}': `, 'm').exec(text);
  if (!match) return;
  const end = closing(text, text.indexOf('{', match.index)) + 1;
  const lineEnd = text.indexOf('\n', end - 1) + 1;
  let start = match.index;
  const lines = text.slice(0, start).split('\n');
  lines.pop();
  while (lines.length && /^\s*\/\//.test(lines.at(-1)!)) lines.pop();
  const keep = Object.keys(rest).length > 0;
  if (!keep) start = lines.join('\n').length + (lines.length ? 1 : 0);
  const replacement = keep ? `  '${id}': ${JSON.stringify(rest).replace(/"/g, "'")},\n` : '';
  if (write) writeFileSync(file, text.slice(0, start) + replacement + text.slice(lineEnd));
}

const routesFile = path.join(ROOT, 'infra/grants/routes.ts');
const routeFiles = readdirSync(path.join(ROOT, 'shared/routes')).map((name) => path.join(ROOT, 'shared/routes', name));
let changed = 0;
for (const route of ROUTES as readonly RouteDef[]) {
  const conversion = convert(route);
  if (!conversion) continue;
  changed++;
  const file = routeFiles.find((f) => readFileSync(f, 'utf8').includes(`id: '${route.id}'`));
  if (!file) throw new Error(`${route.id}: no file of shared/routes declares it`);
  console.log(`${route.id}: uses: ${conversion.uses}`);
  for (const problem of conversion.problems) console.log(`  ! ${problem}`);
  if (Object.keys(conversion.rest).length) console.log(`  left in ACTIONS_BY_ROUTE (no kind says it; give its reason): ${JSON.stringify(conversion.rest)}`);
  replaceUses(file, route.id, conversion.uses);
  if (LEGACY[route.id]) replaceEntry(routesFile, route.id, conversion.rest);
}
// The key patterns' import, once no entry names one.
const left = readFileSync(routesFile, 'utf8');
if (write && !/\bKEYS\./.test(left)) writeFileSync(routesFile, left.replace(/^import \{ KEYS \} from '\.\/keys\.js';\n/m, ''));
console.log(changed ? `${changed} routes ${write ? 'converted' : 'to convert (--write)'}` : 'Nothing to convert.');
