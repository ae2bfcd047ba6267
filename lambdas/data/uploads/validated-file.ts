import { CopyObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { bucketName, s3 } from '#adapters/aws-clients.js';
import { copySource, isNotFound, isPreconditionFailed } from '#adapters/s3-objects.js';
import { stripQuotes } from './objects.js';
import { type UploadRecord } from './upload.js';

/** What became of a validated file at Submit: stored, gone from its key, or no longer the file validated. */
export type StoreOutcome = 'stored' | 'missing' | 'changed';

/**
 * Stores at `key` of the uploads bucket exactly the object validation read. The upload's presigned POST
 * stays usable for 15 minutes, so its key may hold another file by now: one server-side CopyObject with
 * CopySourceIfMatch set to the ETag of the object validation read copies that object or answers 412
 * PreconditionFailed (no bytes pass through the function). The copy's size is checked against the size
 * validation read, so a copy is the validated file or Submit refuses.
 */
export async function storeValidatedFile(upload: Pick<UploadRecord, 'key' | 'etag' | 'object_size' | 'content_type'>, key: string): Promise<StoreOutcome> {
  if (!upload.etag) return 'changed';
  const Bucket = bucketName('uploads');
  try {
    await s3.send(
      new CopyObjectCommand({
        Bucket,
        Key: key,
        CopySource: copySource(Bucket, upload.key),
        CopySourceIfMatch: `"${stripQuotes(upload.etag)}"`,
        ContentType: upload.content_type,
        MetadataDirective: 'REPLACE',
      }),
    );
  } catch (error) {
    if (isPreconditionFailed(error)) return 'changed';
    if (isNotFound(error)) return 'missing';
    throw error;
  }
  if (upload.object_size === undefined) return 'stored';
  const copied = await s3.send(new HeadObjectCommand({ Bucket, Key: key }));
  return copied.ContentLength === upload.object_size ? 'stored' : 'changed';
}
