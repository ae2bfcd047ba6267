import type { S3EventRecord } from 'aws-lambda';
import { UUID_PATTERN } from '#shared/ids.js';

/** S3 puts keys in events URL-encoded, spaces as '+'. */
export function objectKey(record: S3EventRecord): string {
  return decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
}

const INCOMING = new RegExp(`^incoming/(${UUID_PATTERN})/[^/]+$`);
const INGEST = new RegExp(`^ingest/(${UUID_PATTERN})\\.json$`);

/** The upload id of `incoming/{id}/{slug}`, or null for any other key. */
export const uploadIdOf = (key: string): string | null => INCOMING.exec(key)?.[1] ?? null;

/** The submission id of `ingest/{id}.json`, or null for any other key. */
export const submissionIdOf = (key: string): string | null => INGEST.exec(key)?.[1] ?? null;
