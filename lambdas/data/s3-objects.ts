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

