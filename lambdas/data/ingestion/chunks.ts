import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { bucketName, s3 } from '#adapters/aws-clients.js';
import { isNotFound } from '#adapters/s3-objects.js';
import { inParallel } from '#lib/concurrency.js';
import { jsonArrayBatches } from '#lib/json-array.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { streamValidatedRows } from '../uploads/results.js';
import type { RegisterJoin } from './join.js';
import { chunkIndexOf, chunkKey } from './layout.js';

/** Chunk objects written at once. */
const PUTS_IN_FLIGHT = 8;

/**
 * Splits an upload's canonical rows (`results/{upload}/rows.json`, streamed) into `count` chunk objects of
 * the submission, rows without an NRC first joined to the payroll register's (`join`, join.ts), so
 * a joined row lands in its NRC's chunk. Each row is held as its JSON text until its chunk is written: about
 * the size of rows.json, never its objects. False when the rows are gone.
 */
export async function writeChunks(submissionId: string, uploadId: string, count: number, join: RegisterJoin): Promise<boolean> {
  const body = await streamValidatedRows(uploadId);
  if (!body) return false;
  const chunks: string[][] = Array.from({ length: count }, () => []);
  let place = 0;
  for await (const rows of jsonArrayBatches<CanonicalRow>(body))
    for (const row of await join(rows)) chunks[chunkIndexOf(row, place++, count)]!.push(JSON.stringify(row));
  await putChunks(submissionId, chunks);
  return true;
}

async function putChunks(submissionId: string, chunks: string[][]): Promise<void> {
  const count = chunks.length;
  const Bucket = bucketName('uploads');
  await inParallel([...chunks.keys()], PUTS_IN_FLIGHT, async (index) => {
    const text = `[${chunks[index]!.join(',')}]`;
    chunks[index] = [];
    await s3.send(new PutObjectCommand({ Bucket, Key: chunkKey(submissionId, index, count), Body: text, ContentType: 'application/json' }));
  });
}

/** A chunk's rows, or null when its object is gone. */
export async function readChunk(key: string): Promise<CanonicalRow[] | null> {
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: key }));
    const rows: CanonicalRow[] = [];
    for await (const batch of jsonArrayBatches<CanonicalRow>(out.Body as AsyncIterable<Uint8Array>)) rows.push(...batch);
    return rows;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
