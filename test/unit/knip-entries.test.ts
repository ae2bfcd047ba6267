import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { handlerModule, ROUTES } from '#shared/routes/index.js';
import { API_AUTHORIZER, AUTH_TRIGGERS, EMPLOYEE_AUTH_TRIGGERS, S3_TRIGGERS, SCHEDULED_JOBS } from '../../infra/definitions.js';
import knip from '../../knip.js';

const root = new URL('../../', import.meta.url);
const lambdaEntries = knip.entry.filter((entry) => entry.startsWith('lambdas/'));

describe("knip's entry points", () => {
  const wired = [
    ...ROUTES.map((route) => [route.id, handlerModule(route)]),
    ...[...S3_TRIGGERS, ...SCHEDULED_JOBS].map((fn) => [fn.id, fn.handler]),
    ...[...Object.values(AUTH_TRIGGERS), ...Object.values(EMPLOYEE_AUTH_TRIGGERS)].map((fn) => [fn.functionName, fn.handler]),
    ['api-authorizer', API_AUTHORIZER.handler],
  ];

  it.each(wired)('%s: the handler the stack wires (%s) is an entry', (_id, module) => {
    expect(lambdaEntries).toContain(`lambdas/${module}.ts`);
  });

  it('name, under lambdas/, only files that exist', () => {
    expect(lambdaEntries.length).toBeGreaterThanOrEqual(new Set(wired.map(([, module]) => module)).size);
    for (const entry of lambdaEntries) expect(existsSync(new URL(entry, root)), entry).toBe(true);
  });
});
