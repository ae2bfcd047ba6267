import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { handlerModule, type HttpMethod, type RouteDef, ROUTES } from '#shared/routes/index.js';
import type { TableKey } from '#shared/stores.js';
import type { AppFunction } from '../../infra/constructs/app-function.js';
import { USER_ADMIN_ACTIONS } from '../../infra/constructs/auth.js';
import { EMPLOYEE_ADMIN_ACTIONS } from '../../infra/constructs/employee-auth.js';
import { pascalCase } from '../../infra/constructs/names.js';
import { AUTH_TRIGGERS, EMPLOYEE_AUTH_TRIGGERS, S3_TRIGGERS, SCHEDULED_JOBS, STREAM_TRIGGERS } from '../../infra/definitions.js';
import { routeGrantOf } from '../../infra/grants/common.js';
import { sayable } from '../../infra/grants/convert.js';
import { OBJECT_KINDS, POOL_OPS, TABLE_KINDS, tableAccessOf } from '../../infra/grants/kinds.js';
import type { OwnActions, RouteGrantTable } from '../../infra/grants/model.js';
import { ACTIONS_BY_ROUTE } from '../../infra/grants/routes.js';
import { ACTIONS_BY_TRIGGER } from '../../infra/grants/triggers.js';
import { declared, type FunctionGrants, KEYS, ROUTE_GRANTS, TABLE_WRITE_ACTIONS, TRIGGER_GRANTS, type Uses } from '../../infra/grants.js';
import type { PayrollPlatformStack } from '../../infra/stack.js';
import { handlerCalls } from './handler-calls.js';
import { basePairs, grantPairs, policyPairs } from './policies.js';
import { logicalId, synthesize } from './synth.js';

let stack: PayrollPlatformStack;
let template: Template;

beforeAll(() => {
  ({ stack, template } = synthesize());
});

interface Fn {
  id: string;
  handler: string;
  method: HttpMethod;
  openToClients?: boolean;
  uses: Uses;
  grants: FunctionGrants | undefined;
  construct: () => AppFunction;
  trigger: boolean;
}

const FUNCTIONS: Fn[] = [
  ...(ROUTES as readonly RouteDef[]).map((r) => ({
    id: r.id,
    handler: handlerModule(r),
    method: r.method,
    openToClients: r.openToClients === true,
    uses: r.uses,
    grants: ROUTE_GRANTS[r.id],
    construct: () => stack.api.functions.find((f) => f.node.id === pascalCase(r.id))!,
    trigger: false,
  })),
  ...[...S3_TRIGGERS, ...STREAM_TRIGGERS, ...SCHEDULED_JOBS].map((t) => ({
    id: t.id,
    handler: t.handler,
    method: 'POST' as const,
    uses: t.uses,
    grants: TRIGGER_GRANTS[t.id],
    construct: () => stack.processing.functions.find((f) => f.node.id === pascalCase(t.id))!,
    trigger: true,
  })),
  // Cognito triggers that reach a store (the CustomMessage trigger reads only its parameter).
  {
    id: AUTH_TRIGGERS.PostAuthentication.functionName,
    handler: AUTH_TRIGGERS.PostAuthentication.handler,
    method: 'POST' as const,
    uses: AUTH_TRIGGERS.PostAuthentication.uses,
    grants: TRIGGER_GRANTS[AUTH_TRIGGERS.PostAuthentication.functionName],
    construct: () => stack.auth.postAuthentication!,
    trigger: true,
  },
  {
    id: AUTH_TRIGGERS.PostConfirmation.functionName,
    handler: AUTH_TRIGGERS.PostConfirmation.handler,
    method: 'POST' as const,
    uses: AUTH_TRIGGERS.PostConfirmation.uses,
    grants: TRIGGER_GRANTS[AUTH_TRIGGERS.PostConfirmation.functionName],
    construct: () => stack.auth.postConfirmation!,
    trigger: true,
  },
  {
    id: EMPLOYEE_AUTH_TRIGGERS.VerifyAuthChallengeResponse.functionName,
    handler: EMPLOYEE_AUTH_TRIGGERS.VerifyAuthChallengeResponse.handler,
    method: 'POST' as const,
    uses: EMPLOYEE_AUTH_TRIGGERS.VerifyAuthChallengeResponse.uses,
    grants: TRIGGER_GRANTS[EMPLOYEE_AUTH_TRIGGERS.VerifyAuthChallengeResponse.functionName],
    construct: () => stack.employeeAuth.verify,
    trigger: true,
  },
];
const ids = (fns: Fn[]) => fns.map((f) => f.id);

/** The reads that write an S3 object, each with why. */
const BUCKET_WRITING_READS: Record<string, string> = {
  'list-remittances':
    "draws a reconciled month's statement files (PDF, CSV) into results/ the first time they are listed; a month's reconciliation is written once, so they never change (decision 0151)",
  'get-payroll-schedule':
    "asks the month's schedule drawn (a job object under schedule-draws/, its S3 event draws it) when its COMPLETED submissions changed since the last draw (decision 0198)",
  'get-reconciliation':
    "makes a lender's reconciliation CSV into results/ from the lines it has read the first time its link is asked for; the lines never change under their upload (decision 0211)",
};

/** GET routes that write, and why; any other GET route only reads (its audit entry aside). */
const WRITING_READS: Record<string, string> = {
  'get-email-availability': 'counts the caller in the rate-limit windows (pk=RATE#…) of the public route',
  ...Object.fromEntries(
    (ROUTES as readonly RouteDef[])
      .filter((r) => r.openToClients && r.method === 'GET')
      .map((r) => [r.id, 'counts an API client in its rate-limit window (pk=RATE#api-client:…)']),
  ),
  ...BUCKET_WRITING_READS,
};

describe('the grants of infra/grants.ts', () => {
  it('have an entry for every route and S3 trigger, and none for anything else', () => {
    expect(ids(FUNCTIONS.filter((f) => !f.grants)), 'functions without grants: add them to infra/grants.ts').toEqual([]);
    expect(Object.keys(ROUTE_GRANTS).filter((id) => !FUNCTIONS.some((f) => !f.trigger && f.id === id))).toEqual([]);
    expect(Object.keys(TRIGGER_GRANTS).filter((id) => !FUNCTIONS.some((f) => f.trigger && f.id === id))).toEqual([]);
  });

  it.each(FUNCTIONS.map((f) => [f.id, f] as const))('%s: name only the stores its `uses` declares', (_id, fn) => {
    const grants = fn.grants ?? {};
    const uses = declared(fn.uses);
    expect(Object.keys(grants.tables ?? {}).filter((k) => !uses.tables.includes(k as never))).toEqual([]);
    expect(Object.keys(grants.buckets ?? {}).filter((k) => !uses.buckets.includes(k as never))).toEqual([]);
    if (!uses.userPool) expect(grants.userPool ?? []).toEqual([]);
    if (!uses.employeePool) expect(grants.employeePool ?? []).toEqual([]);
    if (!uses.sendsSms) expect(grants.sendsSms ?? false).toBe(false);
  });

  it('give Cognito actions only to routes that use the user pool, from the user-admin actions', () => {
    const vocabulary = USER_ADMIN_ACTIONS.map((a) => a.replace('cognito-idp:', ''));
    for (const fn of FUNCTIONS) {
      for (const action of fn.grants?.userPool ?? []) expect(vocabulary, `${fn.id}: ${action}`).toContain(action);
      for (const action of fn.grants?.employeePool ?? [])
        expect(
          EMPLOYEE_ADMIN_ACTIONS.map((a) => a.replace('cognito-idp:', '')),
          `${fn.id}: ${action}`,
        ).toContain(action);
    }
  });

  it('let GET routes only read, their audit entries and the writes listed with a reason aside', () => {
    const writing = FUNCTIONS.filter((fn) => !fn.trigger && fn.method === 'GET').filter((fn) => {
      const tables = Object.entries(fn.grants?.tables ?? {}).filter(([key]) => key !== 'audit');
      const buckets = Object.values(fn.grants?.buckets ?? {});
      return tables.some(([, g]) => g.actions.some((a) => TABLE_WRITE_ACTIONS.includes(a))) || buckets.some((b) => b.write?.length || b.delete?.length);
    });
    expect(ids(writing).sort()).toEqual(Object.keys(WRITING_READS).sort());
    // Of the reads, only those that make files listed above may write an object.
    for (const fn of FUNCTIONS.filter((f) => f.method === 'GET' && !f.trigger && !(f.id in BUCKET_WRITING_READS))) {
      expect(
        Object.values(fn.grants?.buckets ?? {}).flatMap((b) => [...(b.write ?? []), ...(b.delete ?? [])]),
        fn.id,
      ).toEqual([]);
    }
  });

  it('keep the audit log append-only: no function may update or delete an entry', () => {
    for (const fn of FUNCTIONS) {
      const actions = fn.grants?.tables?.audit?.actions ?? [];
      expect(
        actions.filter((a) => a === 'UpdateItem' || a === 'DeleteItem'),
        fn.id,
      ).toEqual([]);
    }
  });

  it('let no function delete filed fraud evidence, and only filing a report write it', () => {
    const writers = FUNCTIONS.filter((fn) => fn.grants?.buckets?.evidence?.write?.includes(KEYS.evidence.filed));
    expect(ids(writers)).toEqual(['create-fraud-report']);
    for (const fn of FUNCTIONS) expect(fn.grants?.buckets?.evidence?.delete ?? [], fn.id).not.toContain(KEYS.evidence.filed);
    expect(FUNCTIONS.flatMap((fn) => fn.grants?.buckets?.evidence?.delete ?? [])).toEqual([KEYS.evidence.staging]);
  });
});

describe("routes' grants, derived from their `uses`", () => {
  it('keep in ACTIONS_BY_ROUTE only routes, and only what no kind of `uses` says', () => {
    const routeIds = new Set(ROUTES.map((route) => route.id as string));
    expect(Object.keys(ACTIONS_BY_ROUTE).filter((id) => !routeIds.has(id))).toEqual([]);
    for (const [id, own] of Object.entries(ACTIONS_BY_ROUTE as RouteGrantTable))
      expect(sayable(own), `${id}: say it in the route's uses (npx tsx scripts/uses-from-grants.ts --write)`).toEqual([]);
  });

  it('keep in ACTIONS_BY_TRIGGER only event functions, and only what no kind of their `uses` says', () => {
    expect(Object.keys(ACTIONS_BY_TRIGGER).filter((id) => !FUNCTIONS.some((f) => f.trigger && f.id === id))).toEqual([]);
    for (const [id, own] of Object.entries(ACTIONS_BY_TRIGGER as Partial<Record<string, OwnActions>>))
      expect(sayable(own ?? {}), `${id}: say it in its uses in infra/definitions.ts (npx tsx scripts/uses-from-grants.ts --write)`).toEqual([]);
    // Stores listed the earlier way (`tables: ['submissions']`) say no kind.
    const listed = FUNCTIONS.filter((f) => f.trigger && (Array.isArray(f.uses.tables) || Array.isArray(f.uses.buckets)));
    expect(ids(listed), 'say their kinds: npx tsx scripts/uses-from-grants.ts --write').toEqual([]);
  });

  it("use every kind of the table of kinds (infra/grants/kinds.ts) on some route's store", () => {
    const routes = ROUTES as readonly RouteDef[];
    const tableKinds = new Set(routes.flatMap((route) => Object.values(route.uses.tables ?? {}).flatMap((access) => [...access])));
    const poolOps = new Set(routes.flatMap((route) => [...(route.uses.userPool ?? ''), ...(route.uses.employeePool ?? '')]));
    const bucketKinds = new Set(
      routes.flatMap((route) => Object.values(route.uses.buckets ?? {}).flatMap((families) => Object.values(families).flatMap((access) => [...access]))),
    );
    expect(Object.keys(TABLE_KINDS).filter((kind) => !tableKinds.has(kind))).toEqual([]);
    expect(Object.keys(POOL_OPS).filter((op) => !poolOps.has(op))).toEqual([]);
    expect([...Object.keys(OBJECT_KINDS), 'l'].filter((kind) => !bucketKinds.has(kind))).toEqual([]);
  });
});

describe("each function's IAM policy", () => {
  it.each(FUNCTIONS.map((f) => [f.id, f] as const))('%s: allows exactly its grant on the stores it declares, besides its logs and X-Ray', (_id, fn) => {
    const construct = fn.construct();
    const expected = new Set([...grantPairs(stack, fn.grants ?? {}, fn.uses), ...basePairs(logicalId(construct.logGroup))]);
    // A scheduled job's failed events reach the dead-letter queue through EventBridge's target, not the function's role.
    if (S3_TRIGGERS.some((t) => t.id === fn.id)) expected.add(`sqs:SendMessage <${logicalId(stack.processing.deadLetters!)}.Arn>`);
    // A stream mapping's function reads its table's stream (the mapping polls with the function's role) and sends a batch it gave up on to the dead-letter queue.
    const stream = STREAM_TRIGGERS.find((t) => t.id === fn.id);
    if (stream) {
      for (const action of ['DescribeStream', 'GetRecords', 'GetShardIterator'])
        expected.add(`dynamodb:${action} <${logicalId(stack.data.tables[stream.table])}.StreamArn>`);
      expected.add('dynamodb:ListStreams *');
      for (const action of ['SendMessage', 'GetQueueAttributes', 'GetQueueUrl'])
        expected.add(`sqs:${action} <${logicalId(stack.processing.deadLetters!)}.Arn>`);
    }
    const actual = policyPairs(template, logicalId(construct.role));
    expect([...actual].sort()).toEqual([...expected].sort());

    // The same, said plainly: every resource is one of the declared stores, its log group, or X-Ray's "*".
    const uses = declared(fn.uses);
    const allowed = [
      ...uses.tables.map((k) => logicalId(stack.data.tables[k])),
      ...uses.buckets.map((k) => logicalId(stack.storage.buckets[k])),
      ...(uses.userPool ? [logicalId(stack.auth.userPool)] : []),
      ...(uses.employeePool ? [logicalId(stack.employeeAuth.userPool)] : []),
      logicalId(construct.logGroup),
      ...(fn.trigger ? [logicalId(stack.processing.deadLetters!)] : []),
    ];
    for (const pair of actual) {
      const [action, resource] = pair.split(' ') as [string, string];
      if (resource === '*' && action === 'sns:Publish') expect(fn.grants?.sendsSms, pair).toBe(true);
      else if (resource === '*' && action === 'dynamodb:ListStreams') expect(stream, pair).toBeDefined();
      else if (resource === '*') expect(action, pair).toMatch(/^xray:/);
      else if (action === 'ses:SendEmail') expect(fn.grants?.sendsEmail, pair).toBe(true);
      else if (action === 'ssm:GetParameter') expect(fn.grants?.readsAppUrl, pair).toBe(true);
      else expect(allowed, pair).toContain(/^<([^.>]+)/.exec(resource)?.[1]);
    }
  });
});

describe('the Cognito CustomMessage trigger', () => {
  it('reads the one SSM parameter holding the SPA URL, and nothing else', () => {
    const fn = stack.auth.customMessage;
    const expected = [
      ...basePairs(logicalId(fn.logGroup)),
      expect.stringMatching(/^ssm:GetParameter arn:<AWS::Partition>:ssm:<AWS::Region>:<AWS::AccountId>:parameter\/PayrollPlatform\/app-url$/),
    ];
    expect([...policyPairs(template, logicalId(fn.role))].sort()).toEqual(expect.arrayContaining(expected));
    expect(policyPairs(template, logicalId(fn.role)).size).toBe(expected.length);
  });
});

/**
 * What a function's grant on a table must be, from what its code calls: what a route implies (common.ts; nothing for
 * an event function), the actions of the fewest kinds that allow the rest (kinds.ts: a kind may allow an action the
 * code does not call, GetItem with BatchGetItem, PutItem with UpdateItem, never one reaching other items), and what no
 * kind says (ACTIONS_BY_ROUTE, ACTIONS_BY_TRIGGER). Its `uses` must declare exactly those kinds: none missing, none more.
 */
function kindsNeeded(fn: Fn, key: TableKey, actions: Iterable<string>, indexes: Iterable<string>, diff: string[]): string[] {
  const implied = fn.trigger ? undefined : routeGrantOf({ method: fn.method, openToClients: fn.openToClients ? true : undefined, uses: {} }, {}).tables?.[key];
  const own = [...actions].filter((a) => !implied?.actions.includes(a as never));
  const { access, rest } = tableAccessOf(
    own,
    [...indexes].filter((i) => !implied?.indexes?.includes(i)),
  );
  const declaredAccess = (fn.uses.tables as Partial<Record<TableKey, string>> | undefined)?.[key] ?? '';
  if (declaredAccess !== access) diff.push(`table ${key}: the code needs the kinds '${access}', uses declares '${declaredAccess}'`);
  const kinds = [...access].flatMap((kind) => TABLE_KINDS[kind as keyof typeof TABLE_KINDS] ?? []);
  return [...new Set([...(implied?.actions ?? []), ...kinds, ...rest])];
}

describe('the grants against the code', () => {
  it.each(FUNCTIONS.map((f) => [f.id, f] as const))('%s: cover every AWS call its handler can make, and give nothing it never makes', async (_id, fn) => {
    const calls = await handlerCalls(fn.handler, fn.method, fn.openToClients);
    const grants = fn.grants ?? {};
    const diff: string[] = [...calls.unattributed.map((u) => `unattributed call: ${u}`)];
    const compare = (what: string, needed: Iterable<string>, granted: Iterable<string>) => {
      const g = new Set(granted);
      const n = new Set(needed);
      for (const x of n) if (!g.has(x)) diff.push(`${what}: the code calls ${x}, the grant lacks it`);
      for (const x of g) if (!n.has(x)) diff.push(`${what}: granted ${x}, the code never calls it`);
    };

    const uses = declared(fn.uses);
    for (const key of calls.tables.keys()) {
      if (!uses.tables.includes(key)) diff.push(`table ${key}: reached by the code, not declared in uses`);
    }
    for (const key of uses.tables) {
      const needs = calls.tables.get(key);
      const actions = kindsNeeded(fn, key, needs?.actions ?? [], needs?.indexes ?? [], diff);
      compare(`table ${key}`, actions, grants.tables?.[key]?.actions ?? []);
      compare(`table ${key} indexes`, needs?.indexes ?? [], grants.tables?.[key]?.indexes ?? []);
    }
    for (const key of calls.buckets.keys()) {
      if (!uses.buckets.includes(key)) diff.push(`bucket ${key}: reached by the code, not declared in uses`);
    }
    for (const key of uses.buckets) {
      const g = grants.buckets?.[key] ?? {};
      const granted = [
        ...(g.read?.length ? ['GetObject'] : []),
        ...(g.readVersions?.length ? ['GetObjectVersion'] : []),
        ...(g.write?.length ? ['PutObject'] : []),
        ...(g.delete?.length ? ['DeleteObject'] : []),
        ...(g.list ? ['ListBucket'] : []),
      ];
      compare(`bucket ${key}`, calls.buckets.get(key)?.actions ?? [], granted);
    }
    compare('user pool', calls.cognito, grants.userPool ?? []);
    compare('employees’ pool', calls.employeePool, grants.employeePool ?? []);
    compare('SNS', calls.sendsSms ? ['Publish'] : [], grants.sendsSms ? ['Publish'] : []);
    compare('SES', calls.sendsEmail ? ['SendEmail'] : [], grants.sendsEmail ? ['SendEmail'] : []);
    compare('SSM', calls.readsAppUrl ? ['the SPA URL'] : [], grants.readsAppUrl ? ['the SPA URL'] : []);

    expect(diff).toEqual([]);
  });
});
