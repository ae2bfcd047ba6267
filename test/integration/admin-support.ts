import { randomUUID } from 'node:crypto';
import {
  AdminConfirmSignUpCommand,
  AdminListGroupsForUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PresignedPost } from '#shared/api/presigned-post.js';
import type { Role } from '#shared/roles.js';
import { createAccessRequest } from '#shared/routes/accounts.js';
import { decideAccessRequest } from '#shared/routes/admin.js';
import type { HttpMethod } from '#shared/routes/define.js';
import { signUp, uniqueEmail } from '../support/accounts.js';
import { call, okBody, send } from '../support/api.js';
import { cognitoClient, createUser, signIn, type TestTwinInfo } from '../support/cognito.js';

/** Helpers of the administration and team tests. */
export interface ApiAnswer {
  status: number;
  json: any;
}

/**
 * Any path, untyped: kept for the end-to-end and screenshot seeders, which still name paths.
 * Integration tests call routes through test/support/api.ts.
 */
export function apiCaller(twin: TestTwinInfo) {
  return async (token: string | null, method: HttpMethod, path: string, body?: unknown): Promise<ApiAnswer> => {
    const answer = await send(twin, { method, path, body, caller: token });
    return { status: answer.status, json: answer.body };
  };
}

/** A confirmed user with roles, signed in. */
export async function signedInUser(twin: TestTwinInfo, roles: Role[] = [], email?: string, options?: { directory?: boolean }) {
  const user = await createUser(twin, roles, email, options);
  const { idToken } = await signIn(twin, user.email, user.password);
  return { ...user, token: idToken };
}

export async function groupsOf(twin: TestTwinInfo, username: string): Promise<string[]> {
  const out = await cognitoClient(twin).send(new AdminListGroupsForUserCommand({ UserPoolId: twin.env.USER_POOL_ID, Username: username }));
  return (out.Groups ?? []).map((g) => g.GroupName ?? '').sort();
}

export function documentClient(twin: TestTwinInfo) {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: twin.env.AWS_ENDPOINT_URL_DYNAMODB,
      region: twin.env.AWS_REGION,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
}

/** The audit trail of one subject ('USER#{sub}', 'REQUEST#{id}', ...), oldest first. */
export async function auditOf(twin: TestTwinInfo, subject: string): Promise<Record<string, any>[]> {
  const out = await documentClient(twin).send(
    new QueryCommand({
      TableName: twin.env.TABLE_AUDIT,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `SUBJECT#${subject}` },
    }),
  );
  return out.Items ?? [];
}

let addressCounter = 0;

/**
 * Signs up and files an access request through the API, as the sign-up screen does; then
 * confirms the email, so the user can sign in once approved.
 */
export async function requestAccess(
  twin: TestTwinInfo,
  kind: 'fi' | 'pmec',
  opts: { payeeKey?: string; orgName?: string; prefix?: string; email?: string } = {},
) {
  const email = opts.email ?? uniqueEmail(opts.prefix ?? `req-${kind}`);
  const password = 'Sign-up-Passw0rd';
  const sub = await signUp(twin, email, password);
  const payeeKey = opts.payeeKey ?? `P${randomUUID().slice(0, 6).toUpperCase()}`;
  const body =
    kind === 'fi'
      ? { email, client_type: 'fi' as const, payee_key: payeeKey, full_name: '', user_sub: sub }
      : { email, client_type: 'pmec' as const, org_name: opts.orgName ?? `Ministry ${randomUUID().slice(0, 6)}`, full_name: '', user_sub: sub };
  const address = `127.0.${10 + Math.floor(addressCounter / 20)}.${(addressCounter % 20) + 2}`;
  addressCounter++;
  // Sent from another loopback address: the access-request rate limit counts per client, and the
  // accounts tests spend 127.0.0.1's allowance.
  const res = await call(twin, createAccessRequest, { body, from: address });
  if (res.status !== 200) throw new Error(`access request failed: ${res.status} ${JSON.stringify(res.body)}`);
  const answer = okBody(res);
  const uploads: Record<string, PresignedPost | undefined> = answer.uploads;
  await cognitoClient(twin).send(new AdminConfirmSignUpCommand({ UserPoolId: twin.env.USER_POOL_ID, Username: email }));
  return { email, password, sub, id: answer.id, payeeKey: kind === 'fi' ? payeeKey : null, uploads };
}

/** An organisation admin made the way production makes one: request access, then a platform admin approves. */
export async function approvedOrgAdmin(twin: TestTwinInfo, adminToken: string, kind: 'fi' | 'pmec' = 'fi') {
  const request = await requestAccess(twin, kind);
  const role = kind === 'fi' ? 'fi_admin' : 'pmec_admin';
  const res = await call(twin, decideAccessRequest, { params: { id: request.id }, body: { decision: 'approve', role }, caller: adminToken });
  if (res.status !== 200) throw new Error(`approval failed: ${res.status} ${JSON.stringify(res.body)}`);
  const { idToken } = await signIn(twin, request.email, request.password);
  return { ...request, role, orgId: String(okBody(res).org_id), token: idToken };
}

/** What /invite-accept does with the emailed code: the new-password challenge, answered. Returns the ID token. */
export async function completeInvite(twin: TestTwinInfo, email: string, temporaryPassword: string, newPassword = 'Invitee-Passw0rd'): Promise<string> {
  const client = cognitoClient(twin);
  const start = await client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: twin.env.USER_POOL_CLIENT_ID,
      AuthParameters: { USERNAME: email, PASSWORD: temporaryPassword },
    }),
  );
  if (start.ChallengeName !== 'NEW_PASSWORD_REQUIRED') throw new Error(`expected the new-password challenge, got ${start.ChallengeName}`);
  const done = await client.send(
    new RespondToAuthChallengeCommand({
      ClientId: twin.env.USER_POOL_CLIENT_ID,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: start.Session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: newPassword },
    }),
  );
  return done.AuthenticationResult!.IdToken!;
}
