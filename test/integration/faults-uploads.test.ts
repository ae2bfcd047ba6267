import type { IncomingMessage } from 'node:http';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { APIGatewayProxyStructuredResultV2, S3Event } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUpload, submitUpload } from '#shared/routes/submissions.js';
import { currentMonth } from '#shared/rules/dates.js';
import { buildApiEvent } from '../../infra/local/api-event.js';
import { encodeEventKey } from '../../infra/local/s3-events.js';
import { handedClaims } from '../../lambdas/auth/api-authorizer.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { inputsRows, nrcOf, workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { call, okBody, routePath } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

/**
 * The upload link (a presigned POST) stays usable for 15 minutes: a second file posted with it while
 * Submit runs must never become the stored file. What Submit stores is byte for byte the file validated,
 * or Submit refuses with 409; the second file's own event validates nothing.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const month = currentMonth();
const bucket = twin.env.BUCKET_UPLOADS!;
const store = new S3Client({
  endpoint: twin.env.AWS_ENDPOINT_URL_S3,
  region: twin.env.AWS_REGION,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});

// Submit and validation run in this process too, so that a second file can be posted between their S3 calls.
Object.assign(process.env, twin.env);
const { s3 } = await import('#adapters/aws-clients.js');
const { getUpload } = await import('#data/uploads/upload.js');
const { getSubmission } = await import('#data/submissions/submissions.js');
const submitHandler = (await import('../../lambdas/api/submissions/handlers/submit-upload.js')).handler;
const validateUpload = (await import('../../lambdas/events/validate-upload.js')).handler;

let org: SeededOrg;
let token: string;
const removals: (() => void)[] = [];
afterEach(() => removals.splice(0).forEach((remove) => remove()));

beforeAll(async () => {
  org = await seedOrganisation(twin, uniquePayeeKey());
  const user = await createUser(twin, ['fi_admin']);
  token = (await signIn(twin, user.email, user.password)).idToken;
  await seedMembership(twin, org, subOf(token));
});

const claims = () => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
let serial = 0;
/** Two different workbooks, the second no larger than the first (the link takes at most the declared size). */
function files() {
  const base = 640_000 + serial++ * 10;
  const validated = workbook(inputsRows(month, org.payeeKey, [nrcOf(1, base), nrcOf(2, base), nrcOf(3, base)], 250));
  const second = workbook(inputsRows(month, org.payeeKey, [nrcOf(4, base), nrcOf(5, base)], 999));
  expect(second.length).toBeLessThanOrEqual(validated.length);
  return { validated, second };
}

/** An upload of `data`, validated, and its link kept for a second post. */
async function validatedUpload(data: Buffer) {
  const created = okBody(
    await call(twin, createUpload, {
      body: { doc_kind: 'inputs', month, payee_key: org.payeeKey, file_name: 'race.xlsx', size: data.length, content_type: XLSX_MIME },
      caller: token,
    }),
  );
  expect((await api.postFile(created.upload, data, 'race.xlsx')).status).toBe(204);
  expect((await api.waitForValidation(token, created.id)).status).toBe('validated');
  return created;
}

/** Submit as API Gateway hands it to the function. */
async function submitInProcess(id: string) {
  const url = new URL(routePath(submitUpload, { id }), 'http://localhost');
  const req = { headers: { host: 'localhost' }, socket: { remoteAddress: '127.0.0.1' } } as unknown as IncomingMessage;
  const event = buildApiEvent({ req, url, route: submitUpload, params: { id }, body: Buffer.alloc(0), claims: handedClaims(claims()) });
  const res = (await submitHandler(event, { functionName: submitUpload.id, awsRequestId: event.requestContext.requestId } as Parameters<
    typeof submitHandler
  >[1])) as APIGatewayProxyStructuredResultV2;
  return { status: res.statusCode, body: JSON.parse(String(res.body)) as Record<string, unknown> };
}

/** Runs `before` ahead of the `nth` S3 call this process makes on `key`. */
function beforeNthRead(key: string, nth: number, before: () => Promise<void>) {
  let seen = 0;
  const name = `second-file-${nth}-${key}`;
  s3.middlewareStack.add(
    (next) => async (args) => {
      if (JSON.stringify(args.input).includes(key) && ++seen === nth) await before();
      return next(args);
    },
    { step: 'initialize', name },
  );
  removals.push(() => s3.middlewareStack.remove(name));
}

const storedBytes = async (key: string) =>
  Buffer.from(await (await store.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body!.transformToByteArray());

describe('a second file posted with the upload link while Submit runs', () => {
  it('never becomes the stored file: posted just before Submit copies, Submit answers 409 file_changed and stores nothing', async () => {
    // Prepare
    const { validated, second } = files();
    const created = await validatedUpload(validated);
    const before = await getUpload(created.id);
    let posted = false;
    beforeNthRead(before!.key, 1, async () => {
      expect((await api.postFile(created.upload, second, 'race.xlsx')).status).toBe(204);
      posted = true;
    });

    // Act
    const res = await submitInProcess(created.id);

    // Assess: Submit's one call on the upload's key is its conditional copy, and it refuses the second file.
    expect(posted).toBe(true);
    expect(res).toEqual({ status: 409, body: { error: 'file_changed', message: 'The file changed after it was validated. Validate it again, then submit.' } });
    expect(await getSubmission(created.id)).toBeNull();
    // The second file's event validates nothing: the record still describes the first.
    await validateUpload({
      Records: [{ eventName: 'ObjectCreated:Post', s3: { bucket: { name: bucket }, object: { key: encodeEventKey(before!.key), size: second.length } } }],
    } as unknown as S3Event);
    expect(await getUpload(created.id)).toMatchObject({ etag: before!.etag, sha256: before!.sha256, row_count: 3 });
  });

  it('stores exactly the validated file when nothing was posted since', async () => {
    const { validated } = files();
    const created = await validatedUpload(validated);
    const res = await submitInProcess(created.id);
    expect(res.status).toBe(200);
    expect(await storedBytes(submitUpload.response.parse(res.body).path)).toEqual(validated);
  });

  it('stores the validated file or refuses, when posts race Submit through the twin itself', async () => {
    for (let round = 0; round < 3; round++) {
      const { validated, second } = files();
      const created = await validatedUpload(validated);
      const [res] = await Promise.all([api.submit(token, created.id), ...Array.from({ length: 3 }, () => api.postFile(created.upload, second, 'race.xlsx'))]);
      if (res.status === 200) expect(await storedBytes(okBody(res).path)).toEqual(validated);
      else expect(res.body).toMatchObject({ error: 'file_changed' });
    }
  });
});
