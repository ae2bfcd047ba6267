import { describe, expect, it } from 'vitest';
import { isStateChanging } from '#shared/routes/define.js';
import { type RouteDef, ROUTES } from '#shared/routes/index.js';
import { AUTH_TRIGGERS, EMPLOYEE_AUTH_TRIGGERS, type EventUses, S3_TRIGGERS, SCHEDULED_JOBS, STREAM_TRIGGERS } from '../../infra/definitions.js';
import { eventUsesFromGrant, usesFromGrant } from '../../infra/grants/convert.js';
import { declared as storesOf, merge, type OwnActions, type Uses } from '../../infra/grants/model.js';
import { ACTIONS_BY_ROUTE } from '../../infra/grants/routes.js';
import { ACTIONS_BY_TRIGGER } from '../../infra/grants/triggers.js';
import { ROUTE_GRANTS, TRIGGER_GRANTS } from '../../infra/grants.js';

/**
 * scripts/uses-from-grants.ts turns a route written in the earlier style (its stores named, its actions in an
 * ACTIONS_BY_ROUTE entry) into kinds. Each route, written that way with its whole grant as the entry, must come
 * back as it is declared: its `uses` (without the directory and audit log the route implies) and its exceptions.
 */
const legacy = (route: RouteDef): RouteDef['uses'] => ({
  ...route.uses,
  tables: Object.fromEntries(Object.keys(route.uses.tables ?? {}).map((key) => [key, ''])),
  buckets: Object.fromEntries(Object.keys(route.uses.buckets ?? {}).map((key) => [key, {}])),
  ...(route.uses.userPool !== undefined && { userPool: '' }),
  ...(route.uses.employeePool !== undefined && { employeePool: '' }),
});

const declared = (route: RouteDef): RouteDef['uses'] => {
  const tables = Object.entries(route.uses.tables ?? {}).filter(
    ([key, access]) => access || !(key === 'directory' || (key === 'audit' && isStateChanging(route))),
  );
  return { ...route.uses, tables: Object.fromEntries(tables) };
};

describe('the conversion of grants written in the earlier style', () => {
  it.each((ROUTES as readonly RouteDef[]).map((route) => [route.id, route] as const))('%s: gives back its uses and its exceptions', (_id, route) => {
    const { uses, rest, problems } = usesFromGrant({ ...route, uses: legacy(route) }, ROUTE_GRANTS[route.id] as OwnActions);
    expect(problems).toEqual([]);
    const { tables = {}, ...others } = declared(route);
    expect(uses).toEqual({ ...others, ...(Object.keys(tables).length && { tables }) });
    expect(merge(rest)).toEqual(merge((ACTIONS_BY_ROUTE as Partial<Record<string, OwnActions>>)[route.id] ?? {}));
  });
});

/**
 * The same for event functions (infra/definitions.ts): each, written the earlier way (its stores listed, its whole grant
 * as its ACTIONS_BY_TRIGGER entry), must come back as it is declared: its `uses` and its exceptions.
 */
const eventFunctions = [
  ...[...S3_TRIGGERS, ...STREAM_TRIGGERS, ...SCHEDULED_JOBS].map((t) => ({ id: t.id as string, uses: t.uses as EventUses })),
  ...[...Object.values(AUTH_TRIGGERS), ...Object.values(EMPLOYEE_AUTH_TRIGGERS)].map((t) => ({ id: t.functionName as string, uses: t.uses as EventUses })),
].filter(({ id }) => id in TRIGGER_GRANTS);

describe('the conversion of event functions written in the earlier style', () => {
  it.each(eventFunctions.map((fn) => [fn.id, fn] as const))('%s: gives back its uses and its exceptions', (id, fn) => {
    const stores = storesOf(fn.uses);
    const listed = { tables: stores.tables, buckets: stores.buckets, ...(stores.sendsSms && { sendsSms: true }) };
    const { uses, rest, problems } = eventUsesFromGrant(listed as Uses, TRIGGER_GRANTS[id] as OwnActions);
    expect(problems).toEqual([]);
    expect(uses).toEqual(fn.uses);
    expect(merge(rest)).toEqual(merge((ACTIONS_BY_TRIGGER as Partial<Record<string, OwnActions>>)[id] ?? {}));
  });
});
