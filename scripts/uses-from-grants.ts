/**
 * Moves routes' and event functions' grants written in the earlier style into their `uses` (the kinds of shared/stores.ts):
 * a route whose `uses` names its stores as lists (`tables: ['submissions']`, `buckets: ['uploads']`,
 * `userPool: true`) and whose actions are an entry of ACTIONS_BY_ROUTE (infra/grants/routes.ts) gets a
 * `uses` saying, per store, the kinds those actions and the route's implied ones (common.ts) need; the
 * entry is removed, or cut down to what no kind says (left for a person to give its reason). The same for an event
 * function of infra/definitions.ts (S3 and stream triggers, jobs, Cognito triggers): its `uses` listing its stores,
 * its actions an entry of ACTIONS_BY_TRIGGER (infra/grants/triggers.ts); nothing is implied for it.
 *
 *   npx tsx scripts/uses-from-grants.ts           # prints what it would change
 *   npx tsx scripts/uses-from-grants.ts --write   # rewrites shared/routes/*.ts, infra/definitions.ts and infra/grants/{routes,triggers}.ts
 *
 * Then `npx prettier --write shared/routes infra/definitions.ts infra/grants` and the IAM test (test/infra/iam.test.ts). Running it
 * again changes nothing.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteDef } from '#shared/routes/define.js';
import { ROUTES } from '#shared/routes/index.js';
import { AUTH_TRIGGERS, EMPLOYEE_AUTH_TRIGGERS, S3_TRIGGERS, SCHEDULED_JOBS, STREAM_TRIGGERS } from '../infra/definitions.js';
import { eventUsesFromGrant, sayable, saysMoreThan, usesFromGrant } from '../infra/grants/convert.js';
import type { FunctionGrants, OwnActions, Uses } from '../infra/grants/model.js';
import { ACTIONS_BY_ROUTE } from '../infra/grants/routes.js';
import { ACTIONS_BY_TRIGGER } from '../infra/grants/triggers.js';

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

/** Replaces the `uses` of the declaration named by `marker` (`id: 'x'`, a Cognito trigger's `functionName: 'x'`). */
function replaceUses(file: string, marker: string, uses: string): void {
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(marker);
  const next = /\b(id|functionName): '/g;
  next.lastIndex = at + 1;
  const following = next.exec(text)?.index ?? -1;
  const start = text.indexOf('uses:', at);
  if (at < 0 || start < 0 || (following >= 0 && start > following)) throw new Error(`${marker}: no \`uses\` found in ${file}`);
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
  replaceUses(file, `id: '${route.id}'`, conversion.uses);
  if (LEGACY[route.id]) replaceEntry(routesFile, route.id, conversion.rest);
}

// Event functions (infra/definitions.ts) the same way: their stores listed (`tables: ['submissions']`), their actions in ACTIONS_BY_TRIGGER.
const triggersFile = path.join(ROOT, 'infra/grants/triggers.ts');
const definitionsFile = path.join(ROOT, 'infra/definitions.ts');
const EVENT_LEGACY = ACTIONS_BY_TRIGGER as Partial<Record<string, OwnActions>>;
const eventFunctions = [
  ...[...S3_TRIGGERS, ...STREAM_TRIGGERS, ...SCHEDULED_JOBS].map((t) => ({ id: t.id as string, marker: `id: '${t.id}'`, uses: t.uses as Uses })),
  ...[...Object.values(AUTH_TRIGGERS), ...Object.values(EMPLOYEE_AUTH_TRIGGERS)].map((t) => ({
    id: t.functionName as string,
    marker: `functionName: '${t.functionName}'`,
    uses: t.uses as Uses,
  })),
];
for (const { id, marker, uses } of eventFunctions) {
  const own = EVENT_LEGACY[id] ?? {};
  if (!Array.isArray(uses.tables) && !Array.isArray(uses.buckets) && sayable(own).length === 0) continue;
  changed++;
  const conversion = eventUsesFromGrant(uses, own);
  console.log(`${id}: uses: ${literal(conversion.uses)}`);
  for (const problem of conversion.problems) console.log(`  ! ${problem}`);
  if (Object.keys(conversion.rest).length) console.log(`  left in ACTIONS_BY_TRIGGER (no kind says it; give its reason): ${JSON.stringify(conversion.rest)}`);
  replaceUses(definitionsFile, marker, literal(conversion.uses));
  if (EVENT_LEGACY[id]) replaceEntry(triggersFile, id, conversion.rest);
}

// The key patterns' import, once no entry names one.
for (const file of [routesFile, triggersFile]) {
  const left = readFileSync(file, 'utf8');
  if (write && !/\bKEYS\./.test(left)) writeFileSync(file, left.replace(/^import \{ KEYS \} from '\.\/keys\.js';\n/m, ''));
}
console.log(changed ? `${changed} functions ${write ? 'converted' : 'to convert (--write)'}` : 'Nothing to convert.');
