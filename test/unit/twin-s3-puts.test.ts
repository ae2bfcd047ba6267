import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type LocalS3 } from '../../infra/local/s3.js';

/**
 * The twin's s3rver answers a PUT as S3 does: once the object is stored, so that what the PUT's answer
 * (or its ObjectCreated event) sets off reads the whole object, and a rewrite of a key shows its readers
 * the old object or the new one, never a cut one. Submit's copy of a validated file reads the copy's size
 * right after writing it; a short read there was answered 409 file_changed.
 */
const MB = 1024 * 1024;
let s3: LocalS3;
let client: S3Client;
let dir: string;
let bucket: string;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'twin-s3-puts-'));
  const port = await freePort();
  s3 = await startS3(dir, port);
  bucket = Object.values(s3.env)[0]!;
  client = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  client.destroy();
  await s3.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("the twin's S3 puts", () => {
  it('answers a put only once the object is stored: a HEAD right after sees every byte', async () => {
    // One large chunk: the store's file write still runs after the request is read whole.
    for (let i = 0; i < 3; i++) {
      const key = `puts/whole-${i}.bin`;
      const { size } = await s3.server.store.putObject({ bucket, key, content: Buffer.alloc(32 * MB, i), metadata: {} });
      expect(size).toBe(32 * MB);
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      expect(head.ContentLength).toBe(32 * MB);
    }
  });

  it('keeps the old object whole while a put rewrites its key, then shows the new one', async () => {
    const key = 'puts/rewritten.bin';
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: Buffer.alloc(8 * MB, 1) }));
    const rewrite = s3.server.store.putObject({ bucket, key, content: Buffer.alloc(16 * MB, 2), metadata: {} });
    const during = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    const seen = Buffer.from(await during.Body!.transformToByteArray());
    await rewrite;
    expect([8 * MB, 16 * MB]).toContain(seen.length);
    expect(seen.every((byte) => byte === seen[0])).toBe(true);
    const after = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect(after.ContentLength).toBe(16 * MB);
  });
});
