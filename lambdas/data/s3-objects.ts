import { GetObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost, type PresignedPost } from '@aws-sdk/s3-presigned-post';
import type { BucketKey } from '../../shared/stores.js';
import { bucketName, s3 } from './clients.js';

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


/** The first `bytes` bytes of an object (enough to read its signature), or null when there is none. */
export async function readObjectStart(bucket: BucketKey, key: string, bytes: number): Promise<Uint8Array | null> {
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: bucketName(bucket), Key: key, Range: `bytes=0-${bytes - 1}` }));
    const body = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
    return body.subarray(0, bytes);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
