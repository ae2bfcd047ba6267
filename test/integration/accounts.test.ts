import { randomUUID } from 'node:crypto';
import { AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '#shared/api/accounts.js';
import { acceptTeamInvite, createAccessRequest, getEmailAvailability, getMe } from '#shared/routes/accounts.js';
import { pdfBytes, postToS3, signUp, uniqueEmail } from '../support/accounts.js';
import { call, expectStatus, named, offContract, okBody, type RouteRequest } from '../support/api.js';
import { cognitoClient, createUser, signIn } from '../support/cognito.js';

const twin = inject('twin');
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: twin.env.AWS_ENDPOINT_URL_DYNAMODB, region: twin.env.AWS_REGION, credentials }));
const s3 = new S3Client({
  endpoint: twin.env.AWS_ENDPOINT_URL_S3,
  region: twin.env.AWS_REGION,
  forcePathStyle: true,
  credentials: { accessKeyId: twin.env.AWS_ACCESS_KEY_ID!, secretAccessKey: twin.env.AWS_SECRET_ACCESS_KEY! },
});
const DIRECTORY = twin.env.TABLE_DIRECTORY!;
const BUCKET = twin.env.BUCKET_ONBOARDING!;

type AccessRequest = RouteRequest<typeof createAccessRequest>;
/** `from`: another loopback address, a different client to the rate limits; `headers` as a proxy would add them. */
const postRequest = (body: AccessRequest, transport: { from?: string; headers?: Record<string, string> } = {}) =>
  call(twin, createAccessRequest, { body, ...transport });
const availability = (email: string, transport: { from?: string; headers?: Record<string, string> } = {}) =>
  call(twin, getEmailAvailability, { query: { email }, ...transport });

async function signedUpFi(prefix = 'fi') {
  const email = uniqueEmail(prefix);
  const sub = await signUp(twin, email);
  return { email, sub, body: { email, client_type: 'fi' as const, payee_key: ` f${randomUUID().slice(0, 4)} `, full_name: '', user_sub: sub } };
}

describe(named(createAccessRequest), () => {
  it('stores a pending FI request for the account just signed up and answers one upload per document', async () => {
    const { email, sub, body } = await signedUpFi();
    const res = await postRequest({ ...body, email: email.toUpperCase() });
    expectStatus(res, 200);
    const answer = res.body;
    expect(Object.keys(answer.uploads).sort()).toEqual(['application', 'pacra', 'tpin']);

    const { Item } = await db.send(new GetCommand({ TableName: DIRECTORY, Key: { pk: `REQUEST#${answer.id}`, sk: 'META' } }));
    expect(Item).toMatchObject({
      email,
      client_type: 'fi',
      payee_key: body.payee_key.trim().toUpperCase(),
      full_name: `${email.split('@')[0]} Admin`,
      requested_role: 'fi_admin',
      status: 'pending',
      user_sub: sub,
      source: 'access_requests',
    });

    for (const doc of ['tpin', 'pacra', 'application'] as const) {
      expect((await postToS3(answer.uploads[doc]!, pdfBytes())).status).toBe(204);
      const object = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `requests/${answer.id}/${doc}.pdf` }));
      expect(object.ContentType).toBe('application/pdf');
    }
  });

  it('stores a PMEC request with its two documents and the full name given', async () => {
    const email = uniqueEmail('pmec');
    const sub = await signUp(twin, email);
    const res = await postRequest({
      email,
      client_type: 'pmec',
      org_name: 'Ministry of Testing',
      payee_key: 'IGNORED',
      full_name: 'Jane Banda',
      user_sub: sub,
    });
    expectStatus(res, 200);
    expect(Object.keys(res.body.uploads).sort()).toEqual(['intro_letter', 'nrc']);
    const { Item } = await db.send(new GetCommand({ TableName: DIRECTORY, Key: { pk: `REQUEST#${res.body.id}`, sk: 'META' } }));
    expect(Item).toMatchObject({ org_name: 'Ministry of Testing', payee_key: null, full_name: 'Jane Banda', requested_role: 'pmec_admin' });
  });

  it.each([
    ['FI without a payee key', { client_type: 'fi', payee_key: '' }, ACCOUNT_MESSAGES.payeeKeyRequired],
    ['PMEC without an organisation name', { client_type: 'pmec', org_name: ' ' }, ACCOUNT_MESSAGES.orgNameRequired],
    ['an unknown organisation type', { client_type: 'bank' }, 'client_type'],
  ])('refuses %s', async (_label, change, message) => {
    const { body } = await signedUpFi('invalid');
    const res = await postRequest(offContract({ ...body, ...change }));
    expectStatus(res, 400);
    expect(res.body.message).toContain(message);
  });

  it('refuses a request for an email other than the signed-up account, and stores nothing', async () => {
    const mine = await signedUpFi('mine');
    const theirs = await signedUpFi('theirs');
    const res = await postRequest({ ...mine.body, email: theirs.email });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'sign_up_not_proven', message: ACCOUNT_MESSAGES.signUpNotProven });
    const { Item } = await db.send(new GetCommand({ TableName: DIRECTORY, Key: { pk: `PENDING#${theirs.email}`, sk: 'REQUEST' } }));
    expect(Item).toBeUndefined();
  });

  it('gives the same refusal for an unknown email and for a verified account', async () => {
    const unknown = await postRequest({ email: uniqueEmail('ghost'), client_type: 'fi', payee_key: 'F100', user_sub: randomUUID() });
    const verified = await createUser(twin, []);
    const existing = await postRequest({ email: verified.email, client_type: 'fi', payee_key: 'F100', user_sub: verified.username });
    expect(unknown).toEqual({ status: 403, body: { error: 'sign_up_not_proven', message: ACCOUNT_MESSAGES.signUpNotProven } });
    expect(existing).toEqual(unknown);
  });

  it('answers a retried request with the same request, and refuses a second pending request for the email', async () => {
    const { email, body } = await signedUpFi('retry');
    const first = await postRequest(body);
    const again = await postRequest(body);
    expectStatus(again, 200);
    expect(again.body.id).toBe(okBody(first).id);

    // The account is deleted and signed up again: a new sub, while the old request is still pending.
    await cognitoClient(twin).send(new AdminDeleteUserCommand({ UserPoolId: twin.env.USER_POOL_ID, Username: email }));
    const newSub = await signUp(twin, email);
    const second = await postRequest({ ...body, user_sub: newSub });
    expect(second).toEqual({ status: 409, body: { error: 'email_already_registered', message: ACCOUNT_MESSAGES.emailInUse } });
  });

  it('lets nobody attach documents to someone else’s request', async () => {
    const a = await signedUpFi('owner-a');
    const b = await signedUpFi('owner-b');
    const requestA = okBody(await postRequest(a.body));
    const requestB = okBody(await postRequest(b.body));
    expect((await postToS3(requestB.uploads.tpin!, pdfBytes())).status).toBe(204);

    // A's signed form pointed at B's key, or at a key beside B's files: S3 refuses both.
    for (const key of [`requests/${requestB.id}/tpin.pdf`, `requests/${requestB.id}/extra.pdf`]) {
      const res = await postToS3(requestA.uploads.tpin!, Buffer.from('%PDF-1.4 not theirs'), { key });
      expect(res.status).toBe(403);
    }
    const kept = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: `requests/${requestB.id}/tpin.pdf` }));
    expect(await kept.Body!.transformToString()).toBe(pdfBytes().toString());

    // Asking for upload links to B's request needs B's sign-up: A's sub with B's email is refused.
    expect((await postRequest({ ...b.body, user_sub: a.sub })).status).toBe(403);
  });

  it('has S3 refuse an 11 MB document and a type other than PDF', async () => {
    const { body } = await signedUpFi('sizes');
    const { uploads } = okBody(await postRequest(body));
    const big = await postToS3(uploads.pacra!, pdfBytes(11 * 1024 * 1024));
    expect(big.status).toBe(400);
    expect(big.text).toContain('EntityTooLarge');
    const html = await postToS3(uploads.pacra!, Buffer.from('<html></html>'), { 'Content-Type': 'text/html' });
    expect(html.status).toBe(403);
    expect((await postToS3(uploads.pacra!, pdfBytes(10 * 1024 * 1024))).status).toBe(204);
  });

  // Fixed windows: calls spanning a window boundary may get twice the limit through, never more.
  it('limits requests per email with the spec message', async () => {
    const email = uniqueEmail('limited');
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await postRequest({ email, client_type: 'fi', payee_key: 'F100', user_sub: randomUUID() }));
    expect(answers[0]!.status).toBe(403);
    expect(answers.filter((a) => a.status === 403).length).toBeLessThanOrEqual(10);
    expect(answers.find((a) => a.status === 429)?.body).toEqual({ error: 'rate_limited', message: ACCOUNT_MESSAGES.rateLimited });
  });

  it('limits requests per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      statuses.push(
        (await postRequest({ email: uniqueEmail('ip'), client_type: 'fi', payee_key: 'F100', user_sub: randomUUID() }, { from: '127.0.0.2' })).status,
      );
    }
    expect(statuses.filter((s) => s === 403).length).toBeLessThanOrEqual(60);
    expect(statuses).toContain(429);
    // Another client is not affected.
    expect((await postRequest({ email: uniqueEmail('other'), client_type: 'fi', payee_key: 'F100', user_sub: randomUUID() })).status).toBe(403);
  });
});

describe(named(getEmailAvailability), () => {
  it('answers available for a new email and taken for an account or a pending request', async () => {
    expect(await availability(uniqueEmail('free'))).toEqual({ status: 200, body: { available: true } });
    const user = await createUser(twin, []);
    expect((await availability(user.email.toUpperCase())).body).toEqual({ available: false });
    const { email, body } = await signedUpFi('pending');
    await postRequest(body);
    // Never verified: signing up again resumes the account, so the form must not refuse the email.
    expect((await availability(email)).body).toEqual({ available: true });
    await cognitoClient(twin).send(new AdminDeleteUserCommand({ UserPoolId: twin.env.USER_POOL_ID, Username: email }));
    expect((await availability(email)).body).toEqual({ available: false });
  });

  it.each([
    ['', 'Email is required.'],
    ['not-an-email', 'Please enter a valid email address.'],
  ])('refuses %j', async (email, message) => {
    const res = await availability(email);
    expect(res).toEqual({ status: 400, body: { error: 'validation_failed', message } });
  });

  it('limits checks per email and per client address', async () => {
    const email = uniqueEmail('checked');
    const perEmail = [];
    for (let i = 0; i < 41; i++) perEmail.push(await availability(email));
    expect(perEmail.filter((a) => a.status === 200).length).toBeLessThanOrEqual(40);
    expect(perEmail.find((a) => a.status === 429)?.body).toEqual({ error: 'rate_limited', message: ACCOUNT_MESSAGES.tooManyRequests });

    const perClient: number[] = [];
    for (let i = 0; i < 121; i++) perClient.push((await availability(uniqueEmail('c'), { from: '127.0.0.3' })).status);
    expect(perClient[0]).toBe(200);
    expect(perClient.filter((s) => s === 200).length).toBeLessThanOrEqual(120);
    expect(perClient).toContain(429);
  });
});

describe('a forged viewer address', () => {
  it("does not escape the per-client limit on the twin: the header counts only with CloudFront's secret, which the twin has none of", async () => {
    // One client sends every call as a different "viewer", with a guessed secret header too.
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) {
      const forged = { 'cloudfront-viewer-address': `198.51.${100 + Math.floor(i / 250)}.${i % 250}:40312`, 'x-origin-verify': 'guessed' };
      statuses.push((await availability(uniqueEmail('f'), { from: '127.0.0.5', headers: forged })).status);
    }
    expect(statuses[0]).toBe(200);
    expect(statuses).toContain(429);
    // The same for access requests: a forged address is still the caller's own.
    const requests: number[] = [];
    for (let i = 0; i < 61; i++) {
      const body = { email: uniqueEmail('forged'), client_type: 'fi' as const, payee_key: 'F100', user_sub: randomUUID() };
      requests.push((await postRequest(body, { from: '127.0.0.6', headers: { 'cloudfront-viewer-address': `203.0.113.${i % 250}:1` } })).status);
    }
    expect(requests).toContain(429);
  });
});

describe('consumeRateLimit (fixed windows)', () => {
  it('lets exactly the limit through in one window and starts again in the next', async () => {
    Object.assign(process.env, twin.env);
    const { consumeRateLimit } = await import('#data/rate-limits/windows.js');
    const limit = { scope: `test:${randomUUID()}`, limit: 3, windowSeconds: 60 };
    const start = Date.UTC(2030, 0, 1, 12, 0, 0);
    const inWindow = [];
    for (let i = 0; i < 5; i++) inWindow.push(await consumeRateLimit(limit, start + i * 1000));
    expect(inWindow).toEqual([true, true, true, false, false]);
    expect(await consumeRateLimit(limit, start + 60_000)).toBe(true);
    const { Item } = await db.send(new GetCommand({ TableName: DIRECTORY, Key: { pk: `RATE#${limit.scope}`, sk: String(start / 1000) } }));
    expect(Item).toMatchObject({ count: 5, expires_at: start / 1000 + 120 });
  });
});

describe(named(acceptTeamInvite), () => {
  const accept = (token: string) => call(twin, acceptTeamInvite, { caller: token });

  async function invitedMembership(userId: string, role = 'data_user') {
    const orgId = randomUUID();
    await db.send(
      new PutCommand({
        TableName: DIRECTORY,
        Item: {
          pk: `ORG#${orgId}`,
          sk: `MEMBER#${userId}`,
          gsi1pk: `USER#${userId}`,
          gsi1sk: `MEMBER#${orgId}`,
          org_id: orgId,
          org_name: 'Invite Bank',
          client_type: 'fi',
          payee_key: 'F123',
          role,
          status: 'invited',
          user_id: userId,
        },
      }),
    );
    return orgId;
  }

  it('refuses a caller without a session', async () => {
    expect((await call(twin, acceptTeamInvite)).status).toBe(401);
  });

  it('approves the caller’s invited memberships and grants the role, once', async () => {
    const user = await createUser(twin, []);
    const other = await createUser(twin, []);
    const orgId = await invitedMembership(user.username);
    const othersOrg = await invitedMembership(other.username);
    const { idToken } = await signIn(twin, user.email, user.password);

    const first = await accept(idToken);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ accepted: [{ org_id: orgId, org_name: 'Invite Bank', role: 'data_user' }] });
    const again = await accept(idToken);
    expect(again.body).toEqual({ accepted: [{ org_id: orgId, org_name: 'Invite Bank', role: 'data_user' }] });

    const mine = await db.send(new GetCommand({ TableName: DIRECTORY, Key: { pk: `ORG#${orgId}`, sk: `MEMBER#${user.username}` } }));
    expect(mine.Item).toMatchObject({ status: 'approved', is_approved: true, accepted_at: expect.any(String) });
    const theirs = await db.send(new GetCommand({ TableName: DIRECTORY, Key: { pk: `ORG#${othersOrg}`, sk: `MEMBER#${other.username}` } }));
    expect(theirs.Item?.status).toBe('invited');

    const fresh = await signIn(twin, user.email, user.password);
    const me = okBody(await call(twin, getMe, { caller: fresh.idToken }));
    expect(me).toMatchObject({ roles: ['data_user'], approved: true });
  });

  it('answers an empty list to a caller without invites', async () => {
    const user = await createUser(twin, []);
    const { idToken } = await signIn(twin, user.email, user.password);
    expect((await accept(idToken)).body).toEqual({ accepted: [] });
  });
});
