import { CopyObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { bucketName, s3 } from '#adapters/aws-clients.js';
import { copySource, isNotFound, isPreconditionFailed, presignPost, readObjectStartOf } from '#adapters/s3-objects.js';

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

/** The first bytes of an attachment with the ETag and size of the object they came from, or null when it is gone. */
export const readEvidenceStartOf = (key: string, bytes: number) => readObjectStartOf('evidence', key, bytes);

export class EvidenceExistsError extends Error {}
/** The staged object is no longer the one whose first bytes were checked (or is gone). */
export class EvidenceChangedError extends Error {}

/**
 * Copies exactly the object whose first bytes were checked (CopySourceIfMatch: its ETag) to a new key,
 * never over an existing one (If-None-Match: *). S3 answers 412 to either condition: the target is then
 * looked at to tell an attachment already there from a staged file changed since its check.
 */
export async function copyEvidenceNoOverwrite(from: string, to: string, etag: string): Promise<void> {
  const bucket = bucketName('evidence');
  try {
    await s3.send(new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: copySource(bucket, from), CopySourceIfMatch: `"${etag}"`, IfNoneMatch: '*' }));
  } catch (error) {
    if (isNotFound(error)) throw new EvidenceChangedError(`The staged file ${from} is gone.`);
    if (!isPreconditionFailed(error)) throw error;
    if (await headEvidence(to)) throw new EvidenceExistsError(`An attachment already exists at ${to}.`);
    throw new EvidenceChangedError(`The staged file ${from} changed after it was checked.`);
  }
}

/** Removes objects (best effort is the caller's choice: this throws on a failed call). */
export async function deleteEvidence(keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  await s3.send(new DeleteObjectsCommand({ Bucket: bucketName('evidence'), Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
}

/** How a link offers an evidence file to the browser: shown inline, under its display name. */
export const inlineDisposition = (name: string) => `inline; filename="${name.replace(/["\\\r\n]/g, '_')}"`;

/** A link to read one attachment for `seconds`, offered to the browser under its display name. */
export async function evidenceLink(key: string, name: string, seconds: number): Promise<string> {
  return getSignedUrl(s3, new GetObjectCommand({ Bucket: bucketName('evidence'), Key: key, ResponseContentDisposition: inlineDisposition(name) }), {
    expiresIn: seconds,
  });
}
