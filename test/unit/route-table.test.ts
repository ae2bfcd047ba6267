import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { handlerModule, type RouteDef, ROUTES } from '#shared/routes/index.js';

const tablesOf = (route: RouteDef): readonly string[] => Object.keys(route.uses.tables ?? {});

describe('the route table', () => {
  it.each(ROUTES.filter((route) => route.method !== 'GET').map((route) => [route.id, route] as const))(
    '%s changes state, so its function reaches the audit log and the caller’s organisations without its `uses` saying so',
    (_id, route) => {
      // lambdas/http/request-audit.ts records every state-changing request with the caller's organisations.
      expect(tablesOf(route)).toEqual(expect.arrayContaining(['audit', 'directory']));
    },
  );

  it('has one route per id and per method and path, each with its handler module', () => {
    expect(new Set(ROUTES.map((route) => route.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((route) => `${route.method} ${route.path}`)).size).toBe(ROUTES.length);
    for (const route of ROUTES) expect(existsSync(new URL(`../../lambdas/${handlerModule(route)}.ts`, import.meta.url)), handlerModule(route)).toBe(true);
  });
});
