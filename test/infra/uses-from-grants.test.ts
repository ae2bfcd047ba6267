import { describe, expect, it } from 'vitest';
import { isStateChanging } from '#shared/routes/define.js';
import { type RouteDef, ROUTES } from '#shared/routes/index.js';
import { usesFromGrant } from '../../infra/grants/convert.js';
import { merge, type OwnActions } from '../../infra/grants/model.js';
import { ACTIONS_BY_ROUTE } from '../../infra/grants/routes.js';
import { ROUTE_GRANTS } from '../../infra/grants.js';

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
