import { fnv1a } from '#lib/fnv1a.js';
import { UUID_PATTERN } from '#shared/ids.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { borrowerKey } from '#shared/rules/signal-borrowers.js';

/**
 * A submitted file's rows in chunks, each ingested by its own invocation (lambdas/events/ingest-chunk.ts):
 * objects `chunks/{submission id}/{index}-of-{count}.json` in the uploads bucket, each a JSON array of
 * the canonical rows whose borrower hashes to that index. A borrower's rows are all in one chunk (its
 * history item holds every one of them, its summary entry their sum), so chunks never write the same
 * item, and the same file always splits the same way: a chunk written again is the same chunk. Kept
 * apart from the S3 calls (chunks.ts) so that the capacity model reads the chunk size without the SDK.
 */
export const CHUNK_ROWS = 5_000;
export const CHUNK_PREFIX = 'chunks/';
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

/** The chunk of a row: its borrower's, or its place in the file for a row with no borrower (it is skipped wherever it goes). */
export const chunkIndexOf = (row: CanonicalRow, place: number, count: number) => {
  const key = borrowerKey(row);
  return (key === null ? place : fnv1a(key)) % count;
};

/** The rows of each of `count` chunks, as the split writes them (lambdas/data/ingestion/chunks.ts). */
export function splitRows(rows: readonly CanonicalRow[], count: number): CanonicalRow[][] {
  const chunks: CanonicalRow[][] = Array.from({ length: count }, () => []);
  rows.forEach((row, place) => chunks[chunkIndexOf(row, place, count)]!.push(row));
  return chunks;
}
