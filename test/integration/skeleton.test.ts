import { GetGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { SignJWT, generateKeyPair } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { checkRuntimeConfig } from '#shared/api/runtime-config.js';
import { ROLES } from '#shared/roles.js';
import { getMe } from '#shared/routes/accounts.js';
import { getHealth } from '#shared/routes/system.js';
import { BUCKETS, TABLES } from '#shared/stores.js';
import { call, expectStatus, named, okBody, send } from '../support/api.js';
import { cognitoClient, createUser, signIn } from '../support/cognito.js';

const twin = inject('twin');
const me = (caller: string) => call(twin, getMe, { caller });

describe('the local twin', () => {
  it('answers health once every dependency answers', async () => {
    const res = await call(twin, getHealth);
    expectStatus(res, 200);
    expect(res.body.checks).toEqual({ dynamodb: 'ok', s3: 'ok', cognito: 'ok' });
  });

  it('serves the runtime config the SPA configures Amplify from', async () => {
    const res = await fetch(`${twin.url}/config.json`);
    const checked = checkRuntimeConfig(await res.json());
    if (!checked.success) throw new Error(`config.json fields: ${checked.fields.join(', ')}`);
    const config = checked.data;
    expect(config.userPoolId).toBe(twin.env.USER_POOL_ID);
    expect(config.userPoolClientId).toBe(twin.env.USER_POOL_CLIENT_ID);
    expect(config.userPoolEndpoint).toBe(`${twin.url}/_local/cognito`);
    expect(config.apiUrl).toBe('/api');
  });

  it('provisions every table of the stack definitions with its indexes', async () => {
    const dynamo = new DynamoDBClient({
      endpoint: twin.env.AWS_ENDPOINT_URL_DYNAMODB,
      region: twin.env.AWS_REGION,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    for (const def of Object.values(TABLES)) {
      const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: twin.env[def.envVar] }));
      expect(Table?.KeySchema?.map((k) => k.AttributeName)).toEqual([def.partitionKey, def.sortKey]);
      expect((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName).sort()).toEqual(def.indexes.map((i) => i.name).sort());
    }
  });

  it('provisions every bucket and every role group', async () => {
    const s3 = new S3Client({
      endpoint: twin.env.AWS_ENDPOINT_URL_S3,
      region: twin.env.AWS_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    for (const def of Object.values(BUCKETS)) {
      await expect(s3.send(new HeadBucketCommand({ Bucket: twin.env[def.envVar] }))).resolves.toBeDefined();
    }
    for (const role of ROLES) {
      const group = await cognitoClient(twin).send(new GetGroupCommand({ UserPoolId: twin.env.USER_POOL_ID, GroupName: role }));
      expect(group.Group?.GroupName).toBe(role);
    }
  });
});

describe(named(getMe), () => {
  it('refuses a caller without a token', async () => {
    const res = await call(twin, getMe);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'unauthorized', message: 'No active session. Please sign in.' });
  });

  it.each([
    ['a malformed header', 'Token abc'],
    ['garbage', 'Bearer not-a-jwt'],
  ])('refuses %s at the authorizer, as API Gateway does (403)', async (_label, authorization) => {
    const res = await call(twin, getMe, { headers: { authorization } });
    expect(res).toMatchObject({ status: 403, body: { message: 'Forbidden' } });
  });

  it('refuses a token signed by another key, even with the right claims', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ token_use: 'id', email: 'x@example.com', 'cognito:groups': ['super_admin'] })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .setSubject('forged')
      .setIssuer(`${twin.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER}/${twin.env.USER_POOL_ID}`)
      .setAudience(twin.env.USER_POOL_CLIENT_ID!)
      .setExpirationTime('1h')
      .sign(privateKey);
    expect((await me(forged)).status).toBe(403);
  });

  it('answers the seeded super admin with its role, approved', async () => {
    const { idToken } = await signIn(twin, twin.admin.email, twin.admin.password);
    const res = await me(idToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: twin.admin.email, roles: ['super_admin'], approved: true, memberships: [] });
  });

  it('answers a user without any role as not approved', async () => {
    const user = await createUser(twin, []);
    const { idToken } = await signIn(twin, user.email, user.password);
    expect(okBody(await me(idToken))).toMatchObject({ email: user.email, roles: [], approved: false });
  });

  it('reads roles case-insensitively from the groups claim', async () => {
    const user = await createUser(twin, ['data_user', 'compliance']);
    const { idToken } = await signIn(twin, user.email, user.password);
    const answer = okBody(await me(idToken));
    expect(answer.roles).toEqual(['compliance', 'data_user']);
    expect(answer.approved).toBe(true);
  });
});

describe('the local gateway', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const res = await send(twin, { method: 'GET', path: '/api/nothing-here' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'not_found' });
  });

  it('answers a wrong method with a JSON 405 naming the right one', async () => {
    const res = await send(twin, { method: 'DELETE', path: getHealth.path });
    expect(res.status).toBe(405);
    expect(res.body).toMatchObject({ message: expect.stringContaining('GET') });
  });

  it('refuses bodies over 10 MB with a 413', async () => {
    const { idToken } = await signIn(twin, twin.admin.email, twin.admin.password);
    const res = await me(idToken);
    expect(res.status).toBe(200);
    const big = await fetch(`${twin.url}/_local/cognito`, {
      method: 'POST',
      headers: { 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: 'x'.repeat(10 * 1024 * 1024 + 1),
    });
    expect(big.status).toBe(413);
  });

  it('refreshes tokens through the Cognito shim (GetTokensFromRefreshToken)', async () => {
    const { refreshToken } = await signIn(twin, twin.admin.email, twin.admin.password);
    const res = await fetch(`${twin.url}/_local/cognito`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken' },
      body: JSON.stringify({ ClientId: twin.env.USER_POOL_CLIENT_ID, RefreshToken: refreshToken }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { AuthenticationResult: { IdToken: string } };
    expect((await me(body.AuthenticationResult.IdToken)).status).toBe(200);
  });

  it('shows the outbox page', async () => {
    const res = await fetch(`${twin.url}/_local/outbox`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Local outbox');
  });
});
