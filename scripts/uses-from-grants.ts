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
import type { RouteDef } from '#shared/routes/define.js';
import { ROUTES } from '#shared/routes/index.js';
import { saysMoreThan, usesFromGrant } from '../infra/grants/convert.js';
import type { FunctionGrants, OwnActions } from '../infra/grants/model.js';
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

/** A `uses` as the route file writes it. */
function literal(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (typeof value !== 'object' || value === null) return String(value);
  const fields = Object.entries(value).map(([key, v]) => `${key}: ${literal(v)}`);
  return fields.length ? `{ ${fields.join(', ')} }` : '{}';
}

function convert(route: RouteDef): { uses: string; rest: FunctionGrants; problems: string[] } | undefined {
  const { uses, legacy } = normalised(route.uses);
  const own = LEGACY[route.id] ?? {};
  const conversion = usesFromGrant({ ...route, uses }, own);
  if (!legacy && !saysMoreThan(own, conversion.rest)) return undefined;
  return { ...conversion, uses: literal(conversion.uses) };
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
