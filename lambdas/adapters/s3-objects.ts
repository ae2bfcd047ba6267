import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost, type PresignedPost } from '@aws-sdk/s3-presigned-post';
import type { BucketKey } from '#shared/stores.js';
import { bucketName, s3 } from './aws-clients.js';

/** How long a browser has to start an upload after asking for it. */
export const UPLOAD_SECONDS = 15 * 60;

/**
 * A presigned POST for exactly this key, Content-Type and size range: S3 itself refuses anything else.
 * `maxBytes` is the size the caller declared where it declares one, so the link takes no larger file.
 */
export function presignPost(bucket: BucketKey, key: string, contentType: string, maxBytes: number): Promise<PresignedPost> {
  return createPresignedPost(s3, {
    Bucket: bucketName(bucket),
    Key: key,
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: UPLOAD_SECONDS,
  });
}

/** S3 says "no such object" in several ways depending on the call. */
export function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/** Is there an object under `key` in the bucket (a HEAD: no body read)? */
export async function objectExists(bucket: BucketKey, key: string): Promise<boolean> {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: bucketName(bucket), Key: key }));
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

/** A conditional request S3 refused: 412 PreconditionFailed (or 409 when a conditional write raced another). */
export function isPreconditionFailed(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
  return status === 412 || status === 409;
}

/** The CopySource of an object: its bucket and its key, each path segment URL-encoded. */
export const copySource = (bucket: string, key: string) => `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;

/** The first bytes of an object, with the ETag, size and version of the very object they were read from. */
export interface ObjectStart {
  start: Uint8Array;
  etag: string;
  size: number;
  /** Its S3 VersionId: `null` (the word) for an object written while its bucket was not versioned, as S3 names it. */
  versionId: string;
}

/** The first `bytes` bytes of an object (enough to read its signature) and which object they are, or null when there is none. */
export async function readObjectStartOf(bucket: BucketKey, key: string, bytes: number): Promise<ObjectStart | null> {
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: bucketName(bucket), Key: key, Range: `bytes=0-${bytes - 1}` }));
    const body = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
    const total = /\/(\d+)$/.exec(out.ContentRange ?? '')?.[1];
    return {
      start: body.subarray(0, bytes),
      etag: (out.ETag ?? '').replace(/"/g, ''),
      size: total ? Number(total) : (out.ContentLength ?? body.length),
      versionId: out.VersionId ?? 'null',
    };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** The first `bytes` bytes of an object (enough to read its signature), or null when there is none. */
export async function readObjectStart(bucket: BucketKey, key: string, bytes: number): Promise<Uint8Array | null> {
  return (await readObjectStartOf(bucket, key, bytes))?.start ?? null;
}
