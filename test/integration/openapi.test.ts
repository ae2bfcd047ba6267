import { describe, expect, inject, it } from 'vitest';
import type { RouteDef } from '#shared/routes/define.js';
import { ROUTES } from '#shared/routes/index.js';
import { getOpenApi } from '#shared/routes/system.js';
import { call, expectStatus } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { committedDocument, contractDifferences } from '../support/openapi.js';

const twin = inject('twin');

describe('GET /api/openapi.json', () => {
  it('serves anyone, without a session, the contract committed as docs/openapi.json: every route with its own schemas', async () => {
    const res = await call(twin, getOpenApi);
    expectStatus(res, 200);
    expect(res.body).toEqual(committedDocument());
    expect(contractDifferences(res.body, ROUTES as readonly RouteDef[])).toEqual([]);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('serves a signed-in caller the same document', async () => {
    const user = await createUser(twin, ['data_user']);
    const { idToken } = await signIn(twin, user.email, user.password);
    const res = await call(twin, getOpenApi, { caller: idToken });
    expectStatus(res, 200);
    expect(res.body.info.version).toBe(committedDocument().info.version);
  });
});
