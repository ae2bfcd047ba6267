import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, inject, it } from 'vitest';

const twin = inject('twin');
// The SDK client the handlers build: endpoint from AWS_ENDPOINT_URL_S3 (the twin's S3 front).
const s3 = new S3Client({
  endpoint: twin.env.AWS_ENDPOINT_URL_S3,
  region: twin.env.AWS_REGION,
  forcePathStyle: true,
  credentials: { accessKeyId: twin.env.AWS_ACCESS_KEY_ID!, secretAccessKey: twin.env.AWS_SECRET_ACCESS_KEY! },
});
const bucket = twin.env.BUCKET_ONBOARDING!;

async function presign(key: string, opts: { max?: number; expires?: number } = {}) {
  return createPresignedPost(s3, {
    Bucket: bucket,
    Key: key,
    Conditions: [
      ['content-length-range', 1, opts.max ?? 100],
      ['eq', '$Content-Type', 'application/pdf'],
    ],
    Fields: { 'Content-Type': 'application/pdf' },
    Expires: opts.expires ?? 60,
  });
}

function form(fields: Record<string, string>, body: string, type = 'application/pdf') {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  data.append('file', new Blob([body], { type }), 'doc.pdf');
  return data;
}

describe('presigned POSTs on the twin are enforced as S3 enforces them', () => {
  it('stores a file that meets the policy', async () => {
    const { url, fields } = await presign('ok/doc.pdf');
    expect(url.startsWith(`${twin.url}/_local/s3/`)).toBe(true);
    const res = await fetch(url, { method: 'POST', body: form(fields, '%PDF-1.4 hello') });
    expect(res.status).toBe(204);
    const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'ok/doc.pdf' }));
    expect(await got.Body!.transformToString()).toBe('%PDF-1.4 hello');
    expect(got.ContentType).toBe('application/pdf');
  });

  it('refuses a file over the content-length-range', async () => {
    const { url, fields } = await presign('big/doc.pdf', { max: 10 });
    const res = await fetch(url, { method: 'POST', body: form(fields, 'x'.repeat(11)) });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('EntityTooLarge');
  });

  it('refuses a Content-Type the policy does not allow', async () => {
    const { url, fields } = await presign('type/doc.pdf');
    const res = await fetch(url, { method: 'POST', body: form({ ...fields, 'Content-Type': 'text/html' }, 'hi') });
    expect(res.status).toBe(403);
  });

  it('refuses a key other than the signed one', async () => {
    const { url, fields } = await presign('mine/doc.pdf');
    const res = await fetch(url, { method: 'POST', body: form({ ...fields, key: 'theirs/doc.pdf' }, 'hi') });
    expect(res.status).toBe(403);
  });

  it('refuses a tampered policy', async () => {
    const { url, fields } = await presign('tamper/doc.pdf');
    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString());
    policy.conditions = policy.conditions.filter((c: unknown) => !Array.isArray(c) || c[0] !== 'content-length-range');
    const res = await fetch(url, { method: 'POST', body: form({ ...fields, Policy: Buffer.from(JSON.stringify(policy)).toString('base64') }, 'hi') });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('SignatureDoesNotMatch');
  });

  it('refuses an expired policy', async () => {
    const { url, fields } = await presign('late/doc.pdf', { expires: 1 });
    await new Promise((r) => setTimeout(r, 1500));
    const res = await fetch(url, { method: 'POST', body: form(fields, 'hi') });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Policy expired');
  });

  it('serves a presigned GET while valid and refuses it once expired', async () => {
    const { url, fields } = await presign('get/doc.pdf');
    await fetch(url, { method: 'POST', body: form(fields, '%PDF') });
    const get = () => new GetObjectCommand({ Bucket: bucket, Key: 'get/doc.pdf' });
    // Signed with a date rather than raced against a one-second expiry: a loaded machine took over a second to ask.
    const valid = await getSignedUrl(s3, get(), { expiresIn: 60 });
    const expired = await getSignedUrl(s3, get(), { expiresIn: 60, signingDate: new Date(Date.now() - 120_000) });
    expect((await fetch(valid)).status).toBe(200);
    const late = await fetch(expired);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('expired');
  });
});

describe("the twin's S3 front answers CORS exactly as the stack's bucket rule allows", () => {
  // The SPA opened on 127.0.0.1 posts to presigned URLs on localhost: another origin.
  const otherOrigin = twin.url.replace('localhost', '127.0.0.1');

  it('answers the upload preflight with the rule (POST, any header, max age 3000)', async () => {
    const { url } = await presign('cors/preflight.pdf');
    const res = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin: otherOrigin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(res.headers.get('access-control-max-age')).toBe('3000');
  });

  it('refuses a preflight for a method the rule does not allow', async () => {
    const { url } = await presign('cors/put.pdf');
    const res = await fetch(url, { method: 'OPTIONS', headers: { origin: otherOrigin, 'access-control-request-method': 'PUT' } });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await res.text()).toContain('CORSResponse');
  });

  it('lets a cross-origin POST be read, stored, and a refusal be read too', async () => {
    const { url, fields } = await presign('cors/doc.pdf', { max: 10 });
    const ok = await fetch(url, { method: 'POST', headers: { origin: otherOrigin }, body: form(fields, '%PDF-1.4') });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    const big = await fetch(url, { method: 'POST', headers: { origin: otherOrigin }, body: form(fields, 'x'.repeat(11)) });
    expect(big.status).toBe(400);
    expect(big.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('grants no cross-origin read of a stored object (GET is not in the rule)', async () => {
    const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: 'ok/doc.pdf' }), { expiresIn: 60 });
    const res = await fetch(url, { headers: { origin: otherOrigin } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe("the twin's S3 front names an object's one version by its ETag, as a versioned bucket names it by its VersionId", () => {
  it('answers GET and HEAD with the version; a GET of that version answers the object, of any other 404 NoSuchVersion', async () => {
    const key = `versions/${Date.now()}.pdf`;
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: '%PDF-1 first', ContentType: 'application/pdf' }));
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    const first = (await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: 'bytes=0-3' }))).VersionId;
    expect(first).toBe(head.ETag!.replace(/"/g, ''));

    const pinned = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, VersionId: first, ResponseContentDisposition: 'inline; filename="a.pdf"' }));
    expect(await pinned.Body!.transformToString()).toBe('%PDF-1 first');
    expect(pinned).toMatchObject({ VersionId: first, ContentType: 'application/pdf', ContentDisposition: 'inline; filename="a.pdf"' });
    expect(
      (await fetch(await getSignedUrl(s3, new HeadObjectCommand({ Bucket: bucket, Key: key, VersionId: first }), { expiresIn: 60 }), { method: 'HEAD' }))
        .status,
    ).toBe(200);

    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'second bytes', ContentType: 'application/pdf' }));
    const link = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key, VersionId: first }), { expiresIn: 60 });
    const gone = await fetch(link);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('<Code>NoSuchVersion</Code>');
    await expect(s3.send(new GetObjectCommand({ Bucket: bucket, Key: `versions/missing-${Date.now()}`, VersionId: first }))).rejects.toMatchObject({
      name: 'NoSuchVersion',
    });
  });
});
