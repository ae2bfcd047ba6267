import type { IncomingHttpHeaders } from 'node:http';
import type { S3Client } from '@aws-sdk/client-s3';
import { readSource } from './s3-copy.js';

/**
 * Object versions as the twin's S3 front shows them. s3rver keeps one version of a key, so the twin names
 * that version by its ETag: a GET or HEAD of an object answers `x-amz-version-id: <ETag>` (as a versioned
 * bucket answers its VersionId), and one naming a `versionId` answers the object only while that is its
 * current ETag (read once, its bytes checked against the ETag); any other version is 404 NoSuchVersion,
 * as S3 answers a version it does not hold. Older versions are not kept (infra/local/gaps.ts).
 */
export type VersionAnswer = { status: 200; headers: Record<string, string>; body: Uint8Array } | { status: number; code: string; message: string };

const NO_SUCH_VERSION = { status: 404, code: 'NoSuchVersion', message: 'The specified version does not exist.' };

/** The headers of an object's GET or HEAD with its version id: its ETag, unquoted. */
export function withVersionId(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const etag = typeof headers.etag === 'string' ? headers.etag.replace(/"/g, '') : '';
  return etag ? { ...headers, 'x-amz-version-id': etag } : headers;
}

/** GetObject (HEAD too, without the body) of one version of an object, with the response-* overrides of the query. */
export async function getVersion(
  internal: S3Client,
  object: { bucket: string; key: string },
  versionId: string,
  query: URLSearchParams,
): Promise<VersionAnswer> {
  const source = await readSource(internal, object.bucket, object.key);
  if (source === undefined) return { status: 500, code: 'InternalError', message: 'We encountered an internal error. Please try again.' };
  if (source === null || source.etag !== versionId) return NO_SUCH_VERSION;
  const headers: Record<string, string> = {
    'content-type': query.get('response-content-type') ?? source.contentType ?? 'binary/octet-stream',
    'content-length': String(source.data.length),
    etag: `"${source.etag}"`,
    'last-modified': source.lastModified.toUTCString(),
    'x-amz-version-id': source.etag,
  };
  const disposition = query.get('response-content-disposition');
  if (disposition) headers['content-disposition'] = disposition;
  return { status: 200, headers, body: source.data };
}
