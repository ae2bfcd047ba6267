import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * The twin's S3 front checks SigV4 on every request as S3 does for a private bucket, so a handler
 * that signs the wrong key, bucket or secret fails its tests here instead of in AWS.
 */
const twin = inject('twin');
const client = (accessKeyId = twin.env.AWS_ACCESS_KEY_ID!, secretAccessKey = twin.env.AWS_SECRET_ACCESS_KEY!) =>
  new S3Client({ endpoint: twin.env.AWS_ENDPOINT_URL_S3, region: twin.env.AWS_REGION, forcePathStyle: true, credentials: { accessKeyId, secretAccessKey } });
const s3 = client();
const bucket = twin.env.BUCKET_ONBOARDING!;
const objectUrl = (key: string) => `${twin.env.AWS_ENDPOINT_URL_S3}/${bucket}/${key}`;
const exists = (key: string) =>
  s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).then(
    () => true,
    () => false,
  );

async function refusal(res: Response) {
  const text = await res.text();
  return { status: res.status, code: /<Code>([^<]+)<\/Code>/.exec(text)?.[1], text };
}

beforeAll(async () => {
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'signed/mine.pdf', Body: '%PDF mine', ContentType: 'application/pdf' }));
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'signed/theirs.pdf', Body: '%PDF theirs', ContentType: 'application/pdf' }));
});

describe('unsigned requests are refused with S3’s AccessDenied', () => {
  it('a read, a listing, a write and a delete', async () => {
    for (const [url, init] of [
      [objectUrl('signed/mine.pdf'), {}],
      [`${twin.env.AWS_ENDPOINT_URL_S3}/${bucket}?list-type=2`, {}],
      [objectUrl('signed/planted.pdf'), { method: 'PUT', body: 'planted' }],
      [objectUrl('signed/mine.pdf'), { method: 'DELETE' }],
    ] as const) {
      const answer = await refusal(await fetch(url, init));
      expect(answer, `${init.method ?? 'GET'} ${url}`).toMatchObject({ status: 403, code: 'AccessDenied' });
      expect(answer.text).toContain('SigV4');
    }
    expect(await exists('signed/planted.pdf')).toBe(false);
    expect(await exists('signed/mine.pdf')).toBe(true);
  });
});

describe('presigned links are verified, not only their expiry', () => {
  it('serves the signed key and refuses the same link pointed at another key', async () => {
    const link = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: 'signed/mine.pdf' }), { expiresIn: 60 });
    expect(await (await fetch(link)).text()).toBe('%PDF mine');
    const moved = link.replace('signed/mine.pdf', 'signed/theirs.pdf');
    expect(await refusal(await fetch(moved))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('refuses a link whose expiry was lengthened, or signed with another secret', async () => {
    const link = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: 'signed/mine.pdf' }), { expiresIn: 60 });
    expect(await refusal(await fetch(link.replace('X-Amz-Expires=60', 'X-Amz-Expires=6000')))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    const forged = await getSignedUrl(client(twin.env.AWS_ACCESS_KEY_ID, 'not-the-secret'), new GetObjectCommand({ Bucket: bucket, Key: 'signed/mine.pdf' }), {
      expiresIn: 60,
    });
    expect(await refusal(await fetch(forged))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('takes a presigned PUT for its key only', async () => {
    const put = await getSignedUrl(s3, new PutObjectCommand({ Bucket: bucket, Key: 'signed/put.pdf' }), { expiresIn: 60 });
    expect((await fetch(put, { method: 'PUT', body: '%PDF put' })).status).toBe(200);
    expect(await exists('signed/put.pdf')).toBe(true);
    const elsewhere = await fetch(put.replace('signed/put.pdf', 'signed/other.pdf'), { method: 'PUT', body: 'x' });
    expect(await refusal(elsewhere)).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await exists('signed/other.pdf')).toBe(false);
  });
});

describe('SDK calls (Authorization header) need the twin’s credentials', () => {
  it('refuses another secret and an unknown access key, and changes nothing', async () => {
    const wrongSecret = client(twin.env.AWS_ACCESS_KEY_ID, 'not-the-secret');
    await expect(wrongSecret.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'signed/mine.pdf' }))).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
    await expect(client('AKIDSOMEONEELSE', 'x').send(new GetObjectCommand({ Bucket: bucket, Key: 'signed/mine.pdf' }))).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
    expect(await exists('signed/mine.pdf')).toBe(true);
  });
});
