import { describe, expect, it } from 'vitest';
import { ROUTES } from '#shared/routes/index.js';
import { AUTH_TRIGGERS, EMPLOYEE_AUTH_TRIGGERS, S3_TRIGGERS, SCHEDULED_JOBS, STREAM_TRIGGERS } from '../../infra/definitions.js';
import { ROUTE_GRANTS, type RouteGrantTable, TRIGGER_GRANTS, type TriggerGrantTable } from '../../infra/grants.js';

/**
 * The grant tables of infra/grants/ are keyed by the ids their functions are declared under, and each entry
 * may name only the stores its function's `uses` declares. The `@ts-expect-error` lines are the proof:
 * `tsc -b` (npm test's type check) fails if such an entry ever compiles, since an expected error that does
 * not happen is itself an error.
 */
const grant = { tables: { directory: { actions: ['GetItem'] } } } as const;

describe('the grant tables', () => {
  it('refuse a misspelt route or trigger id at compile time', () => {
    // @ts-expect-error 'get-helth' is no route's id
    const routes: Partial<RouteGrantTable> = { 'get-health': grant, 'get-helth': grant };
    // @ts-expect-error 'validate-uploads' is no trigger's id
    const triggers: Partial<TriggerGrantTable> = { 'validate-upload': grant, 'validate-uploads': grant };
    expect([routes, triggers].map((table) => Object.keys(table).length)).toEqual([2, 2]);
  });

  it('refuse, at compile time, a store or a text the function does not declare in its `uses`', () => {
    const routes: RouteGrantTable = {
      'get-me': grant,
      'get-submission': { tables: { submissions: { actions: ['GetItem'] } } },
      // @ts-expect-error get-team declares no submissions table
      'get-team': { tables: { submissions: { actions: ['GetItem'] } } },
      // @ts-expect-error list-audit declares no bucket
      'list-audit': { buckets: { uploads: { list: true } } },
      // @ts-expect-error get-settings declares no user pool
      'get-settings': { userPool: ['AdminGetUser'] },
      // @ts-expect-error texts are declared by `uses.sendsSms` alone
      'give-mandate': { sendsSms: true },
    };
    const triggers: Partial<TriggerGrantTable> = {
      // @ts-expect-error check-document declares no uploads bucket
      'check-document': { buckets: { uploads: { list: true } } },
    };
    expect([routes, triggers].map((table) => Object.keys(table).length)).toEqual([6, 1]);
  });

  it('hold exactly the declared routes, S3 triggers and scheduled jobs, and the Cognito triggers that reach a store', () => {
    expect(Object.keys(ROUTE_GRANTS).sort()).toEqual(ROUTES.map((route) => route.id).sort());
    const events = [...S3_TRIGGERS, ...STREAM_TRIGGERS, ...SCHEDULED_JOBS].map((fn) => fn.id);
    const cognito = [...Object.values(AUTH_TRIGGERS), ...Object.values(EMPLOYEE_AUTH_TRIGGERS)].flatMap((trigger) =>
      Object.keys(trigger.uses).length ? [trigger.functionName] : [],
    );
    expect(Object.keys(TRIGGER_GRANTS).sort()).toEqual([...events, ...cognito].sort());
  });
});
