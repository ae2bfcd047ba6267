import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CALLER_TTL_MS, isAllowed } from '#shared/access.js';
import { ROLES, type Role } from '#shared/roles.js';
import { getDashboardMetrics } from '#shared/routes/dashboard.js';
import { ROUTES, type RouteDef } from '#shared/routes/index.js';
import { removeTeamMember } from '#shared/routes/team.js';
import { BUCKETS, TABLES } from '#shared/stores.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey } from '../fixtures/submissions/directory.js';
import { apiClientToken } from '../support/api-clients.js';
import { call, send } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { signInEmployee } from '../support/employee.js';

/**
 * Generated from the route table: every route × every kind of caller gets the expected answer,
 * so a new route cannot escape the check. Allowed callers may still get a 4xx for the empty
 * request (missing body, unknown id) but never 401/403 and never a 5xx.
 */
const twin = inject('twin');

/**
 * Besides one caller per role: a member of two organisations with different roles (an FI admin of one,
 * a data user of another), a compliance member of an FI organisation, a role held only in the Cognito
 * groups (a console edit: it grants nothing), and a member removed from their team who still holds the
 * ID token they had (it keeps verifying until it expires: the directory decides), and an employee signed in
 * with their texted code (their own user pool: every staff route refuses them as it refuses no session, and
 * the employee routes refuse every staff caller alike). The member of two organisations also calls
 * every route acting for each (header `X-Acting-Org`): then only that organisation's role counts; without
 * the header a route that acts for an organisation asks them to choose (409), never a guess.
 */
type CallerKind =
  | 'anonymous'
  | 'pending'
  | Role
  | 'two-organisations'
  | 'acting-as-fi-admin'
  | 'acting-as-data-user'
  | 'fi-compliance'
  | 'groups-only'
  | 'removed'
  | 'employee'
  | 'client';
const CALLERS: CallerKind[] = [
  'anonymous',
  'pending',
  ...ROLES,
  'two-organisations',
  'acting-as-fi-admin',
  'acting-as-data-user',
  'fi-compliance',
  'groups-only',
  'removed',
  'employee',
  'client',
];
const ROLES_OF: Partial<Record<CallerKind, Role[]>> = {
  'two-organisations': ['fi_admin', 'data_user'],
  'acting-as-fi-admin': ['fi_admin'],
  'acting-as-data-user': ['data_user'],
  'fi-compliance': ['compliance'],
  // An FI organisation's API client acting as a Data User: only the routes open to clients, with that role.
  client: ['data_user'],
  pending: [],
  'groups-only': [],
  removed: [],
};
/** The member of two organisations' token, and the organisation each acting caller names in `X-Acting-Org`. */
const ACTING_FOR = new Map<CallerKind, string>();
const tokens = new Map<CallerKind, string>();
/** How long the removed member's token kept working after the removal, in ms. */
let revokedAfter = Number.NaN;

async function signedIn(roles: Role[], options?: { directory?: boolean }) {
  const user = await createUser(twin, roles, undefined, options);
  const { idToken } = await signIn(twin, user.email, user.password);
  return { token: idToken, sub: subOf(idToken) };
}

beforeAll(async () => {
  const orgA = await seedOrganisation(twin, uniquePayeeKey());
  // The removed member first: the caller cache's wait runs while the other callers sign in.
  const removal = removedMember(orgA);
  await Promise.all([
    ...CALLERS.filter((kind) => kind === 'pending' || (ROLES as readonly string[]).includes(kind)).map(async (kind) => {
      tokens.set(kind, (await signedIn(kind === 'pending' ? [] : [kind as Role])).token);
    }),
    (async () => {
      const orgB = await seedOrganisation(twin, uniquePayeeKey());
      const two = await signedIn([]);
      await seedMembership(twin, orgB, two.sub, 'approved', 'fi_admin');
      await seedMembership(twin, orgA, two.sub, 'approved', 'data_user');
      for (const kind of ['two-organisations', 'acting-as-fi-admin', 'acting-as-data-user'] as const) tokens.set(kind, two.token);
      ACTING_FOR.set('acting-as-fi-admin', orgB.orgId).set('acting-as-data-user', orgA.orgId);
    })(),
    (async () => {
      const compliance = await signedIn([]);
      await seedMembership(twin, orgA, compliance.sub, 'approved', 'compliance');
      tokens.set('fi-compliance', compliance.token);
    })(),
    (async () => tokens.set('client', await apiClientToken(twin, orgA)))(),
    (async () => tokens.set('groups-only', (await signedIn(['fi_admin', 'super_admin'], { directory: false })).token))(),
    (async () => {
      Object.assign(process.env, twin.env);
      const { addToCurrentRegister, registerEntry } = await import('../support/register.js');
      const entry = registerEntry();
      await addToCurrentRegister([entry]);
      tokens.set('employee', (await signInEmployee(twin, { nrc: entry.nrc, employeeNumber: entry.employee_number })).idToken);
    })(),
  ]);
  tokens.set('removed', await removal);
}, 120_000);

/** A member who used the platform (so a warm function remembers their roles), then was removed: their token once refused. */
async function removedMember(orgA: Awaited<ReturnType<typeof seedOrganisation>>) {
  const admin = await signedIn([]);
  await seedMembership(twin, orgA, admin.sub, 'approved', 'fi_admin');
  const removed = await signedIn([]);
  await seedMembership(twin, orgA, removed.sub, 'approved', 'data_user');
  const metrics = () => call(twin, getDashboardMetrics, { caller: removed.token });
  expect((await metrics()).status).toBe(200);
  const res = await call(twin, removeTeamMember, { params: { id: removed.sub }, caller: admin.token });
  expect(res.status).toBe(200);
  const start = Date.now();
  while ((await metrics()).status === 200 && Date.now() - start < CALLER_TTL_MS + 5_000) await new Promise((r) => setTimeout(r, 500));
  revokedAfter = Date.now() - start;
  return removed.token;
}

const concretePath = (route: RouteDef) => route.path.replace(/\{[^}]+\}/g, 'does-not-exist');

function expectedAllowed(route: RouteDef, kind: CallerKind): boolean {
  if (kind === 'anonymous') return isAllowed(route.access, { signedIn: false, approved: false, roles: [] });
  if (kind === 'employee') return isAllowed(route.access, { signedIn: true, approved: false, roles: [], employee: true });
  if (kind === 'client' && route.access.kind !== 'public' && route.openToClients !== true) return false;
  const roles = ROLES_OF[kind] ?? [kind as Role];
  return isAllowed(route.access, { signedIn: true, approved: roles.length > 0, roles });
}

it('stops honouring a removed member within the caller cache’s 30 seconds', () => {
  expect(revokedAfter).toBeLessThanOrEqual(CALLER_TTL_MS + 1_000);
});

/** The route as the matrix probes it: an object that does not exist, and a raw body (or '{}' without a content type). */
function probe(route: RouteDef, token: string | undefined, body?: string, actingFor?: string) {
  const hasBody = !['GET', 'DELETE'].includes(route.method);
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  if (actingFor) headers['x-acting-org'] = actingFor;
  return send(twin, { method: route.method, path: concretePath(route), rawBody: hasBody ? (body ?? '{}') : undefined, headers, caller: token });
}

/** Every caller kind on one route at once (they wait on the twin side by side); each answer checked on its own. */
describe.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, route) => {
  it(`answers each of the ${CALLERS.length} kinds of caller as the route table says`, async () => {
    const answers = await Promise.all(CALLERS.map(async (kind) => [kind, await probe(route, tokens.get(kind), undefined, ACTING_FOR.get(kind))] as const));
    for (const [kind, res] of answers) {
      const said = `${kind} on ${route.method} ${route.path}`;
      if (expectedAllowed(route, kind)) {
        expect.soft([401, 403], said).not.toContain(res.status);
        // A member of several organisations who names none is asked to choose wherever the route acts for one.
        if (kind === 'two-organisations' && route.access.kind !== 'public')
          expect
            .soft(res.status === 409 && (res.body as { error?: string }).error === 'choose_organisation', said)
            .toBe((route as RouteDef).actsForOrganisation !== false);
      } else if (kind !== 'anonymous' && (kind === 'employee') !== (route.access.kind === 'employee')) {
        // Each user pool's authorizer guards its own routes: across the two, it refuses the token as API Gateway does.
        expect.soft(res, said).toMatchObject({ status: 403, body: { message: 'Forbidden' } });
      } else {
        const noSession = kind === 'anonymous';
        expect.soft(res.status, said).toBe(noSession ? 401 : 403);
        const pending = !noSession && (ROLES_OF[kind] ?? [kind]).length === 0;
        // A pending account is told so, in words a person can act on; an approved one that its role does not reach.
        const refused = kind === 'client' && (route as RouteDef).openToClients !== true ? 'client_not_allowed' : 'forbidden';
        expect.soft(res.body, said).toMatchObject({ error: noSession ? expect.any(String) : pending ? 'not_approved' : refused, message: expect.any(String) });
      }
      expect.soft(res.status, said).toBeLessThan(500);
    }
  });
});

/** [label, body, must be refused]: the last two may be valid input for some routes, but never a fault. */
const HOSTILE_BODIES: [string, string, boolean][] = [
  ['malformed JSON', '{"a": ', true],
  ['a JSON array', '[1,2,3]', true],
  ['a JSON string', '"hello"', true],
  ['null', 'null', true],
  ['wrong types everywhere', JSON.stringify({ email: 12, nrcs: 'x', month: [], payee_key: { $ne: 1 }, id: true }), true],
  ['control and unicode characters', JSON.stringify({ email: '\u0000\u202e@\ud83d\ude00', org_name: 'A\u0007'.repeat(500) }), false],
  [
    'injection strings',
    JSON.stringify({ email: "' OR 1=1 --", payee_key: 'attribute_exists(pk)', file_name: '../../etc/passwd', org_name: '=HYPERLINK("x")' }),
    false,
  ],
  [
    'path traversal in keys and names',
    JSON.stringify({ key: '../../uploads/incoming/x', attachments: ['../other/secret.pdf', '%2e%2e/x'], file_name: '..\\..\\boot.ini', id: '../../admin' }),
    true,
  ],
  ['DynamoDB expression fragments', JSON.stringify({ cursor: 'pk = :pk OR begins_with(pk, :x)', q: '#n = :v', status: '<>', kind: 'SET #a = :b' }), false],
  ['every field missing', '{}', false],
  [
    'extra fields beside valid-looking ones',
    JSON.stringify({ email: 'a@example.com', role: 'root', is_admin: true, __proto__: { admin: true }, constructor: { prototype: { x: 1 } } }),
    false,
  ],
  ['an oversized body (2 MB)', JSON.stringify({ description: 'x'.repeat(2 * 1024 * 1024), nrcs: [] }), true],
];
const BODY_ROUTES = ROUTES.filter((r) => !['GET', 'DELETE'].includes(r.method));

/**
 * What hostile requests must never change: every record of every table but the audit log (which
 * records each refusal) and the rate-limit windows (which count every attempt), and every stored object.
 */
async function records(): Promise<string[]> {
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: twin.env.AWS_ENDPOINT_URL_DYNAMODB,
      region: twin.env.AWS_REGION,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const s3 = new S3Client({
    endpoint: twin.env.AWS_ENDPOINT_URL_S3,
    region: twin.env.AWS_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const found: string[] = [];
  for (const [key, def] of Object.entries(TABLES)) {
    if (key === 'audit') continue;
    let start: Record<string, unknown> | undefined;
    do {
      const out = await db.send(new ScanCommand({ TableName: twin.env[def.envVar], ExclusiveStartKey: start }));
      for (const item of out.Items ?? []) if (!String(item.pk).startsWith('RATE#')) found.push(`${key} ${JSON.stringify(item, Object.keys(item).sort())}`);
      start = out.LastEvaluatedKey;
    } while (start);
  }
  for (const def of Object.values(BUCKETS)) {
    let token: string | undefined;
    do {
      const out = await s3.send(new ListObjectsV2Command({ Bucket: twin.env[def.envVar], ContinuationToken: token }));
      for (const object of out.Contents ?? []) found.push(`${def.envVar} ${object.Key} ${object.ETag}`);
      token = out.NextContinuationToken;
    } while (token);
  }
  return found.sort();
}

describe('hostile bodies', () => {
  let before: string[];
  beforeAll(async () => {
    before = await records();
  });

  afterAll(async () => {
    // Checked once after every hostile body of every route: zero records changed.
    expect(await records()).toEqual(before);
  });

  /** Every hostile body on one route at once; each answer checked on its own. */
  describe.each(BODY_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, route) => {
    it(`answers each of the ${HOSTILE_BODIES.length} hostile bodies without a fault`, async () => {
      const kind = CALLERS.find((k) => expectedAllowed(route, k)) ?? 'super_admin';
      const answers = await Promise.all(
        HOSTILE_BODIES.map(async ([label, body, mustRefuse]) => [label, mustRefuse, await probe(route, tokens.get(kind), body)] as const),
      );
      for (const [label, mustRefuse, res] of answers) {
        const said = `${label} on ${route.method} ${route.path}`;
        expect.soft(res.status, said).toBeLessThan(500);
        if (mustRefuse) expect.soft(res.status, said).toBeGreaterThanOrEqual(400);
        if (res.status >= 400) expect.soft(res.body, said).toMatchObject({ message: expect.any(String) });
      }
    });
  });
});
