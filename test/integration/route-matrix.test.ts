import { beforeAll, describe, expect, inject, it } from 'vitest';
import { isAllowed } from '../../shared/access.js';
import { ROUTES, type RouteDef } from '../../shared/routes.js';
import { ROLES, type Role } from '../../shared/roles.js';
import { createUser, signIn } from '../support/cognito.js';

/**
 * Generated from the route table: every route × every kind of caller gets the expected answer,
 * so a new route cannot escape the check. Allowed callers may still get a 4xx for the empty
 * request (missing body, unknown id) but never 401/403 and never a 5xx.
 */
const twin = inject('twin');

type CallerKind = 'anonymous' | 'pending' | Role;
const CALLERS: CallerKind[] = ['anonymous', 'pending', ...ROLES];
const tokens = new Map<CallerKind, string>();

beforeAll(async () => {
  for (const kind of CALLERS) {
    if (kind === 'anonymous') continue;
    const user = await createUser(twin, kind === 'pending' ? [] : [kind]);
    tokens.set(kind, (await signIn(twin, user.email, user.password)).idToken);
  }
});

const concretePath = (route: RouteDef) => route.path.replace(/\{[^}]+\}/g, 'does-not-exist');

function expectedAllowed(route: RouteDef, kind: CallerKind): boolean {
  if (kind === 'anonymous') return isAllowed(route.access, { signedIn: false, approved: false, roles: [] });
  const roles = kind === 'pending' ? [] : [kind];
  return isAllowed(route.access, { signedIn: true, approved: roles.length > 0, roles });
}

async function call(route: RouteDef, token: string | undefined, init: { body?: string; contentType?: string } = {}) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['content-type'] = init.contentType ?? 'application/json';
  const hasBody = !['GET', 'DELETE'].includes(route.method);
  return fetch(`${twin.url}${concretePath(route)}`, { method: route.method, headers, body: hasBody ? (init.body ?? '{}') : undefined });
}

describe.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, route) => {
  it.each(CALLERS)('answers %s as the route table says', async (kind) => {
    const res = await call(route, tokens.get(kind));
    if (expectedAllowed(route, kind)) {
      expect([401, 403]).not.toContain(res.status);
    } else {
      expect(res.status).toBe(kind === 'anonymous' ? 401 : 403);
      expect(await res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect(res.status).toBeLessThan(500);
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
    ['injection strings', JSON.stringify({ email: "' OR 1=1 --", payee_key: 'attribute_exists(pk)', file_name: '../../etc/passwd', org_name: '=HYPERLINK("x")' }), false],
];
const BODY_ROUTES = ROUTES.filter((r) => !['GET', 'DELETE'].includes(r.method));

describe.each(BODY_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s with hostile bodies', (_name, route) => {
  it.each(HOSTILE_BODIES)('answers %s without a fault', async (_label, body, mustRefuse) => {
    const kind = CALLERS.find((k) => expectedAllowed(route, k)) ?? 'super_admin';
    const res = await call(route, tokens.get(kind), { body });
    expect(res.status).toBeLessThan(500);
    if (mustRefuse) expect(res.status).toBeGreaterThanOrEqual(400);
    if (res.status >= 400) expect(typeof (await res.json()).message).toBe('string');
  });
});
