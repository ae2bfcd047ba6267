import type { IncomingMessage } from 'node:http';
import { CopyObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFraudAttachmentUpload, createFraudReport } from '#shared/routes/fraud.js';
import { buildApiEvent } from '../../infra/local/api-event.js';
import { slugText } from '../../lambdas/api/common/file-names.js';
import { handedClaims } from '../../lambdas/auth/api-authorizer.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey } from '../fixtures/submissions/directory.js';
import { call, okBody, routePath } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

/**
 * The twin's S3 front answers CopyObject's conditions as S3 does, and the handlers copy exactly the object
 * they checked: a fraud attachment swapped (with its still-valid upload link) between its signature check
 * and its copy never reaches the registry.
 */
const twin = inject('twin');
const store = new S3Client({
  endpoint: twin.env.AWS_ENDPOINT_URL_S3,
  region: twin.env.AWS_REGION,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});
const bucket = twin.env.BUCKET_UPLOADS!;
const EVIDENCE = twin.env.BUCKET_EVIDENCE!;

const put = async (key: string, body: string) =>
  (await store.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: 'text/plain' }))).ETag!;
const copy = (from: string, to: string, extra: Partial<ConstructorParameters<typeof CopyObjectCommand>[0]> = {}) =>
  store.send(new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: `${bucket}/${from}`, ...extra }));
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { name?: string; $metadata?: { httpStatusCode?: number } }) => ({ status: error.$metadata?.httpStatusCode, code: error.name }),
  );
const text = async (key: string, b = bucket) => (await store.send(new GetObjectCommand({ Bucket: b, Key: key }))).Body!.transformToString();

describe("the twin's CopyObject, as S3 answers it", () => {
  it('copies when CopySourceIfMatch holds and refuses a stale ETag with 412 PreconditionFailed, copying nothing', async () => {
    const etag = await put('copy/a.txt', 'first');
    await put('copy/a.txt', 'second');
    expect(await refusal(copy('copy/a.txt', 'copy/stale.txt', { CopySourceIfMatch: etag }))).toEqual({ status: 412, code: 'PreconditionFailed' });
    await expect(store.send(new HeadObjectCommand({ Bucket: bucket, Key: 'copy/stale.txt' }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });

    const current = (await store.send(new HeadObjectCommand({ Bucket: bucket, Key: 'copy/a.txt' }))).ETag!;
    const done = await copy('copy/a.txt', 'copy/fresh.txt', { CopySourceIfMatch: current });
    expect(done.CopyObjectResult?.ETag).toBe(current);
    expect(await text('copy/fresh.txt')).toBe('second');
  });

  it('answers 404 NoSuchKey for a missing source', async () => {
    expect(await refusal(copy('copy/never.txt', 'copy/none.txt'))).toEqual({ status: 404, code: 'NoSuchKey' });
  });

  it('honours if-none-match and if-modified-since on the source, and If-None-Match: * on the target', async () => {
    const etag = await put('copy/b.txt', 'bee');
    expect(await refusal(copy('copy/b.txt', 'copy/b2.txt', { CopySourceIfNoneMatch: etag }))).toEqual({ status: 412, code: 'PreconditionFailed' });
    expect(await refusal(copy('copy/b.txt', 'copy/b2.txt', { CopySourceIfModifiedSince: new Date(Date.now() + 60_000) }))).toEqual({
      status: 412,
      code: 'PreconditionFailed',
    });
    await copy('copy/b.txt', 'copy/b2.txt', { CopySourceIfNoneMatch: '"0123"', CopySourceIfModifiedSince: new Date(Date.now() - 3_600_000) });
    expect(await text('copy/b2.txt')).toBe('bee');
    await put('copy/c.txt', 'sea');
    expect(await refusal(copy('copy/c.txt', 'copy/b2.txt', { IfNoneMatch: '*' }))).toEqual({ status: 412, code: 'PreconditionFailed' });
    expect(await text('copy/b2.txt')).toBe('bee');
  });
});

describe('a fraud attachment swapped between its check and its copy', () => {
  // The report is filed in this process, so that the swap lands between the handler's S3 calls.
  Object.assign(process.env, twin.env);
  let handler: (typeof import('../../lambdas/api/fraud/handlers/create-fraud-report.js'))['handler'];
  let s3: (typeof import('#adapters/aws-clients.js'))['s3'];
  const reporters: { token: string; payeeKey: string }[] = [];
  const removals: (() => void)[] = [];
  afterEach(() => removals.splice(0).forEach((remove) => remove()));

  beforeAll(async () => {
    ({ handler } = await import('../../lambdas/api/fraud/handlers/create-fraud-report.js'));
    ({ s3 } = await import('#adapters/aws-clients.js'));
    // Three reporters in three organisations: 50 reports stay within each one's hourly limit.
    for (let i = 0; i < 3; i++) {
      const user = await createUser(twin, []);
      const token = (await signIn(twin, user.email, user.password)).idToken;
      const org = await seedOrganisation(twin, uniquePayeeKey(), `Swap Bank ${i}`);
      await seedMembership(twin, org, subOf(token), 'approved', 'data_user');
      reporters.push({ token, payeeKey: org.payeeKey });
    }
  });

  /** Posts `content` through the attachment's presigned POST. */
  async function post(upload: { url: string; fields: Record<string, string> }, content: string) {
    const form = new FormData();
    for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
    form.append('file', new Blob([content]), 'statement.pdf');
    return (await fetch(upload.url, { method: 'POST', body: form })).status;
  }

  async function fileInProcess(token: string, body: unknown) {
    const url = new URL(routePath(createFraudReport, {}), 'http://localhost');
    const req = { headers: { host: 'localhost', 'content-type': 'application/json' }, socket: { remoteAddress: '127.0.0.1' } } as unknown as IncomingMessage;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const event = buildApiEvent({ req, url, route: createFraudReport, params: {}, body: Buffer.from(JSON.stringify(body)), claims: handedClaims(claims) });
    const res = (await handler(event, { functionName: createFraudReport.id, awsRequestId: event.requestContext.requestId } as Parameters<
      typeof handler
    >[1])) as APIGatewayProxyStructuredResultV2;
    return { status: res.statusCode, body: JSON.parse(String(res.body)) as Record<string, unknown> };
  }

  it('never reaches the registry: 50 swaps, 0 wrong files', async () => {
    const pdf = '%PDF-1.4 the statement checked, as the reporter meant it';
    const swapped = '<html><script>alert(1)</script></html>'.padEnd(pdf.length, ' ');
    const outcomes: Record<string, number> = {};
    for (let round = 0; round < 50; round++) {
      const { token, payeeKey } = reporters[round % reporters.length]!;
      const created = okBody(
        await call(twin, createFraudAttachmentUpload, {
          body: { file_name: 'statement.pdf', size: pdf.length, content_type: 'application/pdf' },
          caller: token,
        }),
      );
      expect(await post(created.upload, pdf)).toBe(204);
      // The swap: just before the handler's copy of the staged key, the same link posts other bytes.
      const name = `swap-${round}`;
      s3.middlewareStack.add(
        (next) => async (args) => {
          if ((args.input as { CopySource?: string }).CopySource?.includes(created.key.split('/')[2]!)) expect(await post(created.upload, swapped)).toBe(204);
          return next(args);
        },
        { step: 'initialize', name },
      );
      removals.push(() => s3.middlewareStack.remove(name));
      const nrc = `${String(300000 + round)}/${String(10 + (round % 80))}/1`;
      const res = await fileInProcess(token, {
        type: 'Identity theft',
        nrc,
        person_name: 'Mwila Banda',
        report_month: '2026-03',
        payee_key: payeeKey.toLowerCase(),
        description: 'Swapped file.',
        attachments: [created.key],
      });
      removals.splice(0).forEach((remove) => remove());
      const outcome = `${res.status} ${String(res.body.error ?? 'filed')}`;
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
    // Every file under the three organisations' fraud evidence: none that is not a PDF.
    let wrongFiles = 0;
    for (const { payeeKey } of reporters) {
      const listed = await store.send(new ListObjectsV2Command({ Bucket: EVIDENCE, Prefix: `2026-03/${slugText(payeeKey, 20)}/fraud/` }));
      for (const { Key } of listed.Contents ?? []) if (!(await text(Key!, EVIDENCE)).startsWith('%PDF')) wrongFiles++;
    }
    expect(wrongFiles).toBe(0);
    expect(outcomes).toEqual({ '409 attachment_changed': 50 });
  });
});
