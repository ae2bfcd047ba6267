import { randomUUID } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, inject, it } from 'vitest';

/**
 * Validation sends a file's canonical rows to rows.json as it reads them (lambdas/adapters/s3-json-array-upload.ts): in
 * parts through the twin's S3 for a large file, in one object for a small one, and nothing is there
 * under the key until the writer completes.
 */
const twin = inject('twin');
Object.assign(process.env, twin.env);
const { s3 } = await import('#adapters/aws-clients.js');
const { JsonArrayUpload } = await import('#adapters/s3-json-array-upload.js');

const read = async (key: string) => {
  const out = await s3.send(new GetObjectCommand({ Bucket: twin.env.BUCKET_UPLOADS, Key: key }));
  return JSON.parse(await out.Body!.transformToString()) as unknown[];
};

describe('JsonArrayUpload', () => {
  it('stores a large array in parts, visible only once complete, element for element', { timeout: 120_000 }, async () => {
    const key = `results/${randomUUID()}/rows.json`;
    const elements = Array.from({ length: 45_000 }, (_, i) => ({ i, nrc: `${100_000 + i}/10/1`, name: `Borrower ${i} ${'x'.repeat(300)}` }));
    const upload = new JsonArrayUpload(key);
    for (let i = 0; i < elements.length; i++) {
      upload.push(elements[i]);
      if (i % 1_000 === 999) await upload.drain();
    }
    await expect(read(key)).rejects.toThrow();
    await upload.complete();
    expect(await read(key)).toEqual(elements);
  });

  it('stores a small array, and an empty one, in one object', async () => {
    const small = `results/${randomUUID()}/rows.json`;
    const upload = new JsonArrayUpload(small);
    upload.push({ a: 1 });
    upload.push({ b: 'two' });
    await upload.drain();
    await upload.complete();
    expect(await read(small)).toEqual([{ a: 1 }, { b: 'two' }]);
    const empty = `results/${randomUUID()}/rows.json`;
    await new JsonArrayUpload(empty).complete();
    expect(await read(empty)).toEqual([]);
  });
});
