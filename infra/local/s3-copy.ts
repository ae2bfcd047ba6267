import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';

/**
 * CopyObject as S3 answers it, for the twin's S3 front: s3rver copies whatever the key holds and ignores
 * every condition. Here the source is read once, its conditions are judged on the ETag and date of the
 * very bytes read, and those bytes are written: a copy is exactly the object the conditions held for, or
 * 412 PreconditionFailed; a missing source is 404 NoSuchKey; `If-None-Match: *` / `If-Match` on the
 * target are judged too (S3's conditional writes).
 */
export type CopyAnswer = { status: 200; etag: string; lastModified: Date } | { status: number; code: string; message: string };

const PRECONDITION = { status: 412, code: 'PreconditionFailed', message: 'At least one of the pre-conditions you specified did not hold' };
const READS = 5;

const unquote = (etag: string) => etag.trim().replace(/^W\//, '').replace(/"/g, '');
const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** An ETag list header (`"a", "b"` or `*`) against one ETag. */
export function etagMatches(list: string, etag: string): boolean {
  return list.split(',').some((candidate) => candidate.trim() === '*' || unquote(candidate) === etag);
}

/** S3's rules for the four copy-source conditions (its CopyObject reference, "conditional copy"). */
export function copyConditionsHold(req: IncomingMessage, source: { etag: string; lastModified: Date }): boolean {
  const ifMatch = header(req, 'x-amz-copy-source-if-match');
  const ifNoneMatch = header(req, 'x-amz-copy-source-if-none-match');
  const ifUnmodifiedSince = header(req, 'x-amz-copy-source-if-unmodified-since');
  const ifModifiedSince = header(req, 'x-amz-copy-source-if-modified-since');
  // S3 compares dates to the second.
  const modified = Math.floor(source.lastModified.getTime() / 1000);
  const seconds = (date: string) => Math.floor(Date.parse(date) / 1000);
  if (ifMatch !== undefined && !etagMatches(ifMatch, source.etag)) return false;
  // If-Match true outweighs If-Unmodified-Since false; If-None-Match true outweighs If-Modified-Since false.
  if (ifMatch === undefined && ifUnmodifiedSince !== undefined && modified > seconds(ifUnmodifiedSince)) return false;
  if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, source.etag)) return false;
  if (ifNoneMatch === undefined && ifModifiedSince !== undefined && modified <= seconds(ifModifiedSince)) return false;
  return true;
}

/** `bucket/key` of an `x-amz-copy-source` header (URL-encoded, a leading slash and a versionId allowed). */
export function parseCopySource(value: string): { bucket: string; key: string } | null {
  const [path] = value.split('?');
  const decoded = decodeURIComponent(path!.replace(/^\//, ''));
  const slash = decoded.indexOf('/');
  return slash > 0 && slash < decoded.length - 1 ? { bucket: decoded.slice(0, slash), key: decoded.slice(slash + 1) } : null;
}

const status = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * The source read whole, and its bytes checked against its ETag (an MD5 for an object put in one part):
 * s3rver cuts or mixes a read when the object is rewritten meanwhile, which S3 never does.
 */
export async function readSource(internal: S3Client, bucket: string, key: string) {
  for (let attempt = 1; attempt <= READS; attempt++) {
    try {
      const out = await internal.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const data = await out.Body!.transformToByteArray();
      const etag = unquote(out.ETag ?? '');
      if (/^[0-9a-f]{32}$/.test(etag) && createHash('md5').update(data).digest('hex') !== etag) continue;
      return { data, etag, lastModified: out.LastModified ?? new Date(), contentType: out.ContentType, metadata: out.Metadata ?? {} };
    } catch (error) {
      if (status(error) === 404) return null;
      if (attempt === READS) throw error;
    }
  }
  return undefined;
}

const metadataOf = (req: IncomingMessage) =>
  Object.fromEntries(
    Object.entries(req.headers).flatMap(([name, value]) => (name.startsWith('x-amz-meta-') && typeof value === 'string' ? [[name.slice(11), value]] : [])),
  );

/** Copies in the order asked per target key, so that a target's condition and its write are one step. */
const queues = new Map<string, Promise<unknown>>();
function inTurn<T>(key: string, run: () => Promise<T>): Promise<T> {
  const turn = (queues.get(key) ?? Promise.resolve()).then(run, run);
  const settled = turn.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => queues.get(key) === settled && queues.delete(key));
  return turn;
}

export function conditionalCopy(internal: S3Client, req: IncomingMessage, target: { bucket: string; key: string }): Promise<CopyAnswer> {
  const source = parseCopySource(header(req, 'x-amz-copy-source') ?? '');
  if (!source)
    return Promise.resolve({ status: 400, code: 'InvalidArgument', message: 'Copy Source must mention the source bucket and key: sourcebucket/sourcekey' });
  return inTurn(`${target.bucket}/${target.key}`, async (): Promise<CopyAnswer> => {
    const object = await readSource(internal, source.bucket, source.key);
    if (object === null) return { status: 404, code: 'NoSuchKey', message: 'The specified key does not exist.' };
    if (object === undefined) return { status: 500, code: 'InternalError', message: 'We encountered an internal error. Please try again.' };
    if (!copyConditionsHold(req, object)) return PRECONDITION;
    const replace = header(req, 'x-amz-metadata-directive') === 'REPLACE';
    if (!replace && source.bucket === target.bucket && source.key === target.key) {
      return {
        status: 400,
        code: 'InvalidRequest',
        message:
          "This copy request is illegal because it is trying to copy an object to itself without changing the object's metadata, storage class, website redirect location or encryption attributes.",
      };
    }
    const targetIfNoneMatch = header(req, 'if-none-match');
    const targetIfMatch = header(req, 'if-match');
    if (targetIfNoneMatch !== undefined || targetIfMatch !== undefined) {
      const existing = await internal.send(new HeadObjectCommand({ Bucket: target.bucket, Key: target.key })).then(
        (out) => unquote(out.ETag ?? ''),
        (error: unknown) => {
          if (status(error) === 404) return null;
          throw error;
        },
      );
      if (targetIfNoneMatch !== undefined && existing !== null && etagMatches(targetIfNoneMatch, existing)) return PRECONDITION;
      if (targetIfMatch !== undefined && (existing === null || !etagMatches(targetIfMatch, existing))) {
        return existing === null ? { status: 404, code: 'NoSuchKey', message: 'The specified key does not exist.' } : PRECONDITION;
      }
    }
    const put = await internal.send(
      new PutObjectCommand({
        Bucket: target.bucket,
        Key: target.key,
        Body: object.data,
        ContentType: replace ? header(req, 'content-type') : object.contentType,
        Metadata: replace ? metadataOf(req) : object.metadata,
      }),
    );
    return { status: 200, etag: unquote(put.ETag ?? object.etag), lastModified: new Date() };
  });
}
