import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { bucketName, s3 } from '#adapters/aws-clients.js';
import { isNotFound } from '#adapters/s3-objects.js';
import { jsonArrayBatches } from '#lib/json-array.js';
import type { SignalType } from '#shared/rules/signals.js';
import { readUploadObject } from './objects.js';

/**
 * An upload's result files in the uploads bucket, under `results/{id}/`: what validation writes that an
 * item (at most 400 KB) cannot hold: every issue, the canonical rows, the CSV report, the signals.
 */
export const resultKeys = (id: string) => ({
  issues: `results/${id}/issues.json`,
  rows: `results/${id}/rows.json`,
  report: `results/${id}/report.csv`,
  /** A register's changed mobiles (lambdas/events/register-difference.ts): texted and kept for sign-in once approved. */
  mobileChanges: `results/${id}/mobile-changes.json`,
  /** The first SIGNAL_PAGE_SIZE signals of each type, for GET /api/uploads/{id}. */
  signalsHead: `results/${id}/signals-head.json`,
  /** Every signal of one type, for paging. */
  signals: (type: SignalType) => `results/${id}/signals/${type}.json`,
});

/** How long a report's download link stays usable. */
const REPORT_LINK_SECONDS = 60;

/** An upload's validated rows (`results/{id}/rows.json`) as they stream from S3, or null when they are gone. */
export async function streamValidatedRows(uploadId: string): Promise<AsyncIterable<Uint8Array> | null> {
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: resultKeys(uploadId).rows }));
    return out.Body as AsyncIterable<Uint8Array>;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** The elements of the JSON array stored under `key`, a batch at a time as the object streams in (none when there is none). */
export async function* resultJsonBatches<T>(key: string): AsyncGenerator<T[], void, undefined> {
  let body: AsyncIterable<Uint8Array>;
  try {
    body = (await s3.send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: key }))).Body as AsyncIterable<Uint8Array>;
  } catch (error) {
    if (isNotFound(error)) return;
    throw error;
  }
  yield* jsonArrayBatches<T>(body);
}

export async function putResult(key: string, body: string, contentType: string): Promise<void> {
  await s3.send(new PutObjectCommand({ Bucket: bucketName('uploads'), Key: key, Body: body, ContentType: contentType }));
}

/** The JSON stored under `key`, or null when there is none. */
export async function readResultJson<T>(key: string): Promise<T | null> {
  const object = await readUploadObject(key);
  return object ? (JSON.parse(new TextDecoder().decode(object.data)) as T) : null;
}

/** A link to download an upload's CSV report, valid one minute. */
export async function reportLink(id: string, fileName: string): Promise<{ url: string; expires_in: number }> {
  const safeName = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  const url = await getSignedUrl(
    s3,
    new GetObjectCommand({
      Bucket: bucketName('uploads'),
      Key: resultKeys(id).report,
      ResponseContentDisposition: `attachment; filename="${safeName}"`,
      ResponseContentType: 'text/csv; charset=utf-8',
    }),
    { expiresIn: REPORT_LINK_SECONDS },
  );
  return { url, expires_in: REPORT_LINK_SECONDS };
}
