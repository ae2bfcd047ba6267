import { PutObjectCommand } from '@aws-sdk/client-s3';
import { bucketName, s3 } from './clients.js';
import { readUploadObject, sha256Of, type UploadRecord } from './uploads.js';

const READS = 3;

/**
 * The object read whole. A read cut short by the connection (the twin's s3rver cuts one when the object
 * is rewritten while it is read) is tried again; an answer of S3 itself (it carries a status) is not.
 */
async function readWhole(key: string): Promise<Awaited<ReturnType<typeof readUploadObject>>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await readUploadObject(key);
    } catch (error) {
      const answered = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== undefined;
      if (answered || attempt >= READS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** What became of a validated file at Submit: stored, gone from its key, or no longer the file validated. */
export type StoreOutcome = 'stored' | 'missing' | 'changed';

/**
 * Stores at `key` of the uploads bucket exactly the bytes validation read. The upload's presigned POST
 * stays usable for 15 minutes, so its key may hold another file by now: the object is read once, its
 * bytes compared with what validation recorded (their SHA-256; the ETag for an upload validated before
 * that was recorded), and those same bytes are written. A server-side copy would copy whatever the key
 * holds when the copy runs, and no store here makes that atomic with a check: the twin's s3rver keeps no
 * versions and ignores copy conditions. A spreadsheet is at most 25 MB, well within Submit's memory.
 */
export async function storeValidatedFile(upload: Pick<UploadRecord, 'key' | 'etag' | 'sha256' | 'content_type'>, key: string): Promise<StoreOutcome> {
  const object = await readWhole(upload.key);
  if (!object) return 'missing';
  const same = upload.sha256 ? sha256Of(object.data) === upload.sha256 : object.etag === upload.etag;
  if (!same) return 'changed';
  await s3.send(new PutObjectCommand({ Bucket: bucketName('uploads'), Key: key, Body: object.data, ContentType: upload.content_type }));
  return 'stored';
}
