import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { UUID_PATTERN } from '../../shared/ids.js';
import type { CanonicalRow } from '../../shared/rules/canonical-row.js';
import { borrowerKey } from '../../shared/rules/signal-borrowers.js';
import { inParallel } from '../lib/concurrency.js';
import { jsonArrayBatches } from '../lib/json-array.js';
import { bucketName, s3 } from './clients.js';
import { isNotFound } from './s3-objects.js';
import { resultKeys } from './uploads.js';

/**
 * A submitted file's rows in chunks, each ingested by its own invocation (lambdas/events/ingest-chunk.ts):
 * objects `chunks/{submission id}/{index}-of-{count}.json` in the uploads bucket, each a JSON array of
 * the canonical rows whose borrower hashes to that index. A borrower's rows are all in one chunk (its
 * history item holds every one of them, its summary entry their sum), so chunks never write the same
 * item, and the same file always splits the same way: a chunk written again is the same chunk.
 */
export const CHUNK_ROWS = 5_000;
export const CHUNK_PREFIX = 'chunks/';
/** Chunk objects written at once. */
const PUTS_IN_FLIGHT = 8;

export const chunkKey = (submissionId: string, index: number, count: number) => `${CHUNK_PREFIX}${submissionId}/${index}-of-${count}.json`;

const CHUNK_KEY = new RegExp(`^${CHUNK_PREFIX}(${UUID_PATTERN})/(\\d+)-of-(\\d+)\\.json$`);

/** The submission and place of a chunk object's key, or null for any other key. */
export function chunkOf(key: string): { submissionId: string; index: number; count: number } | null {
  const match = CHUNK_KEY.exec(key);
  if (!match) return null;
  const [index, count] = [Number(match[2]), Number(match[3])];
  return index < count ? { submissionId: match[1]!, index, count } : null;
}

/** How many chunks a file of this many rows is split into. */
export const chunkCount = (rows: number) => Math.ceil(Math.max(0, rows) / CHUNK_ROWS);

/** FNV-1a: a fast, even spread of borrower keys over the chunks. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The chunk of a row: its borrower's, or its place in the file for a row with no borrower (it is skipped wherever it goes). */
const chunkIndexOf = (row: CanonicalRow, place: number, count: number) => {
  const key = borrowerKey(row);
  return (key === null ? place : hash(key)) % count;
};

/**
 * Splits an upload's canonical rows (`results/{upload}/rows.json`, streamed) into `count` chunk objects of
 * the submission. Each row is held as its JSON text until its chunk is written: about the size of
 * rows.json, never its objects. False when the rows are gone.
 */
export async function writeChunks(submissionId: string, uploadId: string, count: number): Promise<boolean> {
  let body: AsyncIterable<Uint8Array>;
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: resultKeys(uploadId).rows }));
    body = out.Body as AsyncIterable<Uint8Array>;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
  const chunks: string[][] = Array.from({ length: count }, () => []);
  let place = 0;
  for await (const rows of jsonArrayBatches<CanonicalRow>(body)) for (const row of rows) chunks[chunkIndexOf(row, place++, count)]!.push(JSON.stringify(row));
  await putChunks(submissionId, chunks);
  return true;
}

/** The rows of each of `count` chunks, as writeChunks splits them. */
export function splitRows(rows: readonly CanonicalRow[], count: number): CanonicalRow[][] {
  const chunks: CanonicalRow[][] = Array.from({ length: count }, () => []);
  rows.forEach((row, place) => chunks[chunkIndexOf(row, place, count)]!.push(row));
  return chunks;
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
