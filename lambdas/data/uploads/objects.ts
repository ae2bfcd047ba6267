import { createHash } from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { bucketName, s3 } from '#adapters/aws-clients.js';
import { isNotFound, presignPost } from '#adapters/s3-objects.js';

/**
 * An upload's object in the uploads bucket: the browser posts the file to `incoming/{id}/{slug}` with a
 * presigned POST (upload.ts holds the record); validation reads it and records its SHA-256.
 */
export const INCOMING_PREFIX = 'incoming/';
export const incomingKey = (id: string, slug: string) => `${INCOMING_PREFIX}${id}/${slug}`;
export const stripQuotes = (etag: string | undefined): string => (etag ?? '').replace(/"/g, '');

/** A presigned POST for exactly this key, Content-Type and size range: S3 itself refuses anything else. */
export function presignUpload(key: string, contentType: string, maxBytes: number) {
  return presignPost('uploads', key, contentType, maxBytes);
}

export async function headUploadObject(key: string): Promise<{ etag: string; size: number } | null> {
  try {
    const out = await s3.send(new HeadObjectCommand({ Bucket: bucketName('uploads'), Key: key }));
    return { etag: stripQuotes(out.ETag), size: out.ContentLength ?? 0 };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** The SHA-256 of these bytes, base64: what validation records and Submit compares. */
export const sha256Of = (data: Uint8Array) => createHash('sha256').update(data).digest('base64');

/** The object's bytes and ETag, or null when it is gone. */
export async function readUploadObject(key: string): Promise<{ data: Uint8Array; etag: string } | null> {
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: key }));
    return { data: await out.Body!.transformToByteArray(), etag: stripQuotes(out.ETag) };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
