import { randomUUID } from 'node:crypto';
import type { RuntimeConfig } from '#shared/api/runtime-config.js';
import type { Role } from '#shared/roles.js';
import { createApiClient } from '#shared/routes/api-clients.js';
import { type SeededOrg, seedMembership, subOf } from '../fixtures/submissions/directory.js';
import { call, okBody } from './api.js';
import { createUser, signIn, type TestTwinInfo } from './cognito.js';

/** What a loan system does: POST the token endpoint /config.json names, with HTTP Basic client authentication. */
export async function requestClientToken(twin: TestTwinInfo, clientId: string, secret: string, body = 'grant_type=client_credentials') {
  const { tokenUrl } = (await (await fetch(`${twin.url}/config.json`)).json()) as RuntimeConfig;
  const res = await fetch(tokenUrl!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A new API client of `org` acting with `role`, created by an admin of the organisation made for it: its id and secret, and the admin's ID token. */
export async function apiClientCredentials(
  twin: TestTwinInfo,
  org: SeededOrg,
  role: Role = 'data_user',
): Promise<{ clientId: string; secret: string; adminToken: string }> {
  const user = await createUser(twin, []);
  const { idToken } = await signIn(twin, user.email, user.password);
  await seedMembership(twin, org, subOf(idToken), 'approved', 'fi_admin');
  const made = okBody(await call(twin, createApiClient, { body: { name: `client-${randomUUID().slice(0, 8)}`, role }, caller: idToken }));
  return { clientId: made.client_id, secret: made.client_secret, adminToken: idToken };
}

/** An access token of a new API client of `org` acting with `role`, created by an admin of the organisation made for it. */
export async function apiClientToken(twin: TestTwinInfo, org: SeededOrg, role: Role = 'data_user'): Promise<string> {
  const { clientId, secret } = await apiClientCredentials(twin, org, role);
  const answer = await requestClientToken(twin, clientId, secret);
  if (answer.status !== 200) throw new Error(`no client token: ${answer.status} ${JSON.stringify(answer.body)}`);
  return String(answer.body.access_token);
}
