import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { bucketName, s3 } from '#adapters/aws-clients.js';
import { copySource, isNotFound, objectExists } from '#adapters/s3-objects.js';
import { jsonLines } from '#lib/jsonl.js';
import type { ScheduleLine } from '#shared/rules/payroll-schedule.js';

/** Where a version's lines and downloads are kept in the uploads bucket. */
export const scheduleKeys = (month: string, version: number) => ({
  jsonl: `payroll/${month}/schedule-v${version}.jsonl`,
  csv: `payroll/${month}/schedule-v${version}.csv`,
  xlsx: `payroll/${month}/schedule-v${version}.xlsx`,
});

export const SCHEDULE_CONTENT_TYPES = {
  jsonl: 'application/x-ndjson',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** S3's smallest part but the last is 5 MB: a little more, so a part is one request per 8 MB. */
const PART_BYTES = 8 * 1_048_576;

/**
 * Writes the chunks to `key` as they come, in parts of a multipart upload with one part in flight: the
 * whole body never stands in memory. A body under one part is one PutObject. Nothing is visible under the
 * key until the last part; an upload never completed is removed by the bucket's lifecycle rule.
 */
export async function uploadStream(key: string, chunks: AsyncIterable<string | Uint8Array>, contentType: string): Promise<void> {
  const Bucket = bucketName('uploads');
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let uploadId: string | undefined;
  const parts: { ETag?: string; PartNumber: number }[] = [];
  let inFlight: Promise<void> = Promise.resolve();
  const send = async (body: Buffer) => {
    uploadId ??= (await s3.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }))).UploadId!;
    const PartNumber = parts.length + 1;
    parts.push({ PartNumber });
    const out = await s3.send(new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber, Body: body }));
    parts[PartNumber - 1] = { ETag: out.ETag, PartNumber };
  };
  for await (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    pending.push(bytes);
    pendingBytes += bytes.byteLength;
    if (pendingBytes >= PART_BYTES) {
      const body = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      await inFlight;
      inFlight = send(body);
    }
  }
  await inFlight;
  const last = Buffer.concat(pending);
  if (uploadId === undefined) {
    await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: last, ContentType: contentType }));
    return;
  }
  if (last.byteLength > 0) await send(last);
  await s3.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
}

/** A schedule object's bytes as they stream, or a range of them; none when there is no such object (or the range is empty). */
export async function* readScheduleObject(key: string, range?: { offset: number; bytes: number }): AsyncGenerator<Uint8Array> {
  if (range?.bytes === 0) return;
  const Range = range ? `bytes=${range.offset}-${range.offset + range.bytes - 1}` : undefined;
  let body: AsyncIterable<Uint8Array>;
  try {
    body = (await s3.send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: key, Range }))).Body as AsyncIterable<Uint8Array>;
  } catch (error) {
    if (isNotFound(error)) return;
    throw error;
  }
  yield* body;
}

/** A schedule's lines as they stream from its JSONL object (or a lender's range of it); none when there is no such object. */
export async function* readScheduleLines(key: string, range?: { offset: number; bytes: number }): AsyncGenerator<ScheduleLine> {
  yield* jsonLines<ScheduleLine>(readScheduleObject(key, range));
}

export const scheduleObjectExists = (key: string): Promise<boolean> => objectExists('uploads', key);

/** A server-side copy within the uploads bucket (a version's files from the month's draw). */
export async function copyScheduleObject(from: string, to: string, contentType: string): Promise<void> {
  const bucket = bucketName('uploads');
  await s3.send(
    new CopyObjectCommand({
      Bucket: bucket,
      Key: to,
      CopySource: copySource(bucket, from),
      ContentType: contentType,
      MetadataDirective: 'REPLACE',
    }),
  );
}

/** How long a schedule's download link stays usable, as for review file links. */
export const SCHEDULE_LINK_SECONDS = 60;

/** A link to download a schedule file as `fileName`, valid SCHEDULE_LINK_SECONDS. */
export function scheduleFileLink(key: string, fileName: string, contentType: string): Promise<string> {
  return getSignedUrl(
    s3,
    new GetObjectCommand({
      Bucket: bucketName('uploads'),
      Key: key,
      ResponseContentDisposition: `attachment; filename="${fileName}"`,
      ResponseContentType: contentType,
    }),
    { expiresIn: SCHEDULE_LINK_SECONDS },
  );
}
