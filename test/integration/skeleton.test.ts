import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { GetGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { SignJWT, generateKeyPair } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { BUCKETS, TABLES } from '../../shared/stores.js';
import { checkRuntimeConfig } from '../../shared/api/runtime-config.js';
import { healthResponseSchema } from '../../shared/api/system.js';
import { meResponseSchema } from '../../shared/api/accounts.js';
import { ROLES } from '../../shared/roles.js';
import { cognitoClient, createUser, signIn } from '../support/cognito.js';

const twin = inject('twin');
const api = (path: string, init: RequestInit = {}) => fetch(`${twin.url}${path}`, init);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the local twin', () => {
  it('answers health once every dependency answers', async () => {
    const res = await api('/api/health');
    expect(res.status).toBe(200);
    const body = healthResponseSchema.parse(await res.json());
    expect(body.checks).toEqual({ dynamodb: 'ok', s3: 'ok', cognito: 'ok' });
  });

  it('serves the runtime config the SPA configures Amplify from', async () => {
    const res = await api('/config.json');
    const checked = checkRuntimeConfig(await res.json());
    if (!checked.success) throw new Error(`config.json fields: ${checked.fields.join(', ')}`);
    const config = checked.data;
    expect(config.userPoolId).toBe(twin.env.USER_POOL_ID);
    expect(config.userPoolClientId).toBe(twin.env.USER_POOL_CLIENT_ID);
    expect(config.userPoolEndpoint).toBe(`${twin.url}/_local/cognito`);
    expect(config.apiUrl).toBe('/api');
  });

  it('provisions every table of the stack definitions with its indexes', async () => {
    const dynamo = new DynamoDBClient({ endpoint: twin.env.AWS_ENDPOINT_URL_DYNAMODB, region: twin.env.AWS_REGION, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    for (const def of Object.values(TABLES)) {
      const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: twin.env[def.envVar] }));
      expect(Table?.KeySchema?.map((k) => k.AttributeName)).toEqual([def.partitionKey, def.sortKey]);
      expect((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName).sort()).toEqual(def.indexes.map((i) => i.name).sort());
    }
  });

  it('provisions every bucket and every role group', async () => {
    const s3 = new S3Client({ endpoint: twin.env.AWS_ENDPOINT_URL_S3, region: twin.env.AWS_REGION, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    for (const def of Object.values(BUCKETS)) {
      await expect(s3.send(new HeadBucketCommand({ Bucket: twin.env[def.envVar] }))).resolves.toBeDefined();
    }
    for (const role of ROLES) {
      const group = await cognitoClient(twin).send(new GetGroupCommand({ UserPoolId: twin.env.USER_POOL_ID, GroupName: role }));
      expect(group.Group?.GroupName).toBe(role);
    }
  });
});

describe('GET /api/me', () => {
  it('refuses a caller without a token', async () => {
    const res = await api('/api/me');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'unauthorized', message: 'No active session. Please sign in.' });
  });

  it.each([
    ['a malformed header', 'Token abc'],
    ['garbage', 'Bearer not-a-jwt'],
  ])('refuses %s', async (_label, authorization) => {
    const res = await api('/api/me', { headers: { authorization } });
    expect(res.status).toBe(401);
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
    expect((await api('/api/me', { headers: bearer(forged) })).status).toBe(401);
  });

  it('answers the seeded super admin with its role, approved', async () => {
    const { idToken } = await signIn(twin, twin.admin.email, twin.admin.password);
    const res = await api('/api/me', { headers: bearer(idToken) });
    expect(res.status).toBe(200);
    const me = meResponseSchema.parse(await res.json());
    expect(me).toMatchObject({ email: twin.admin.email, roles: ['super_admin'], approved: true, memberships: [] });
  });

  it('answers a user without any role as not approved', async () => {
    const user = await createUser(twin, []);
    const { idToken } = await signIn(twin, user.email, user.password);
    const me = meResponseSchema.parse(await (await api('/api/me', { headers: bearer(idToken) })).json());
    expect(me).toMatchObject({ email: user.email, roles: [], approved: false });
  });

  it('reads roles case-insensitively from the groups claim', async () => {
    const user = await createUser(twin, ['data_user', 'compliance']);
    const { idToken } = await signIn(twin, user.email, user.password);
    const me = meResponseSchema.parse(await (await api('/api/me', { headers: bearer(idToken) })).json());
    expect(me.roles).toEqual(['compliance', 'data_user']);
    expect(me.approved).toBe(true);
  });
});

describe('the local gateway', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const res = await api('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'not_found' });
  });

  it('answers a wrong method with a JSON 405 naming the right one', async () => {
    const res = await api('/api/health', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(((await res.json()) as { message: string }).message).toContain('GET');
  });

  it('refuses bodies over 10 MB with a 413', async () => {
    const { idToken } = await signIn(twin, twin.admin.email, twin.admin.password);
    const res = await api('/api/me', { method: 'GET', headers: bearer(idToken) });
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
    expect((await api('/api/me', { headers: bearer(body.AuthenticationResult.IdToken) })).status).toBe(200);
  });

  it('shows the outbox page', async () => {
    const res = await api('/_local/outbox');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Local outbox');
  });
});
