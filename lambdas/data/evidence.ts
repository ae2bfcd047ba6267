import { CopyObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { isNotFound, presignPost, readObjectStart } from './s3-objects.js';
import { bucketName, s3 } from './clients.js';

/**
 * The evidence bucket: fraud report attachments. Browsers upload into `staging/{user_sub}/{uuid}/{slug}`
 * with a presigned POST; filing the report copies each file to `{month}/{payee}/fraud/{fi}-{ts}-{n}-{file}`
 * (never over an existing object) and removes the staged copy.
 */
export const STAGING_PREFIX = 'staging/';
/** How long a presigned POST for one attachment stays usable. */

export interface StagedObject {
  size: number;
  contentType: string | undefined;
}

/** A presigned POST for exactly this key, type and size range (S3 enforces all three). */
export function presignEvidenceUpload(key: string, contentType: string, maxBytes: number) {
  return presignPost('evidence', key, contentType, maxBytes);
}


/** Size and type of an object, or null when there is none. */
export async function headEvidence(key: string): Promise<StagedObject | null> {
  try {
    const out = await s3.send(new HeadObjectCommand({ Bucket: bucketName('evidence'), Key: key }));
    return { size: out.ContentLength ?? 0, contentType: out.ContentType };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** The first bytes of an attachment (its signature), or null when it is gone. */
export const readEvidenceStart = (key: string, bytes: number) => readObjectStart('evidence', key, bytes);

export class EvidenceExistsError extends Error {}

const copySource = (bucket: string, key: string) => `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;

/**
 * Copies an object to a new key, never over an existing one: S3 refuses the conditional copy
 * (If-None-Match: *) when the key exists; the head check first gives the same answer on stores
 * that ignore the condition.
 */
export async function copyEvidenceNoOverwrite(from: string, to: string): Promise<void> {
  if (await headEvidence(to)) throw new EvidenceExistsError(`An attachment already exists at ${to}.`);
  const bucket = bucketName('evidence');
  try {
    await s3.send(new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: copySource(bucket, from), IfNoneMatch: '*' }));
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 412 || status === 409) throw new EvidenceExistsError(`An attachment already exists at ${to}.`);
    throw error;
  }
}

/** Removes objects (best effort is the caller's choice: this throws on a failed call). */
export async function deleteEvidence(keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  await s3.send(
    new DeleteObjectsCommand({ Bucket: bucketName('evidence'), Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
  );
}

/** A link to read one attachment for `seconds`, offered to the browser under its display name. */
export async function evidenceLink(key: string, name: string, seconds: number): Promise<string> {
  const safeName = name.replace(/["\\\r\n]/g, '_');
  return getSignedUrl(
    s3,
    new GetObjectCommand({ Bucket: bucketName('evidence'), Key: key, ResponseContentDisposition: `inline; filename="${safeName}"` }),
    { expiresIn: seconds },
  );
}
