import { describe, expect, it } from 'vitest';
import { AUTH_TRIGGERS, EMPLOYEE_AUTH_TRIGGERS, S3_TRIGGERS, SCHEDULED_JOBS, STREAM_TRIGGERS } from '../../infra/definitions.js';
import { type FunctionGrants, ROUTE_GRANTS, type RouteGrantTable, TRIGGER_GRANTS, type TriggerGrantTable } from '../../infra/grants.js';
import { ROUTES } from '../../shared/routes.js';

/**
 * The grant tables of infra/grants/ are keyed by the ids their functions are declared under. The
 * `@ts-expect-error` lines are the proof: `tsc -b` (npm test's type check) fails if a misspelt id ever
 * compiles, since an expected error that does not happen is itself an error.
 */
const grant: FunctionGrants = { tables: { directory: { actions: ['GetItem'] } } };

describe('the grant tables', () => {
  it('refuse a misspelt route or trigger id at compile time', () => {
    // @ts-expect-error 'get-helth' is no route's id
    const routes: Partial<RouteGrantTable> = { 'get-health': grant, 'get-helth': grant };
    // @ts-expect-error 'validate-uploads' is no trigger's id
    const triggers: Partial<TriggerGrantTable> = { 'validate-upload': grant, 'validate-uploads': grant };
    expect([routes, triggers].map((table) => Object.keys(table).length)).toEqual([2, 2]);
  });

  it('hold exactly the declared routes, S3 triggers and scheduled jobs, and the Cognito triggers that reach a store', () => {
    expect(Object.keys(ROUTE_GRANTS).sort()).toEqual(ROUTES.map((route) => route.id).sort());
    const events = [...S3_TRIGGERS, ...STREAM_TRIGGERS, ...SCHEDULED_JOBS].map((fn) => fn.id);
    const cognito = [...Object.values(AUTH_TRIGGERS), ...Object.values(EMPLOYEE_AUTH_TRIGGERS)].flatMap((trigger) => (Object.keys(trigger.uses).length ? [trigger.functionName] : []));
    expect(Object.keys(TRIGGER_GRANTS).sort()).toEqual([...events, ...cognito].sort());
  });
});
