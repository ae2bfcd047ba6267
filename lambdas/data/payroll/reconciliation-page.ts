import { GetObjectCommand } from '@aws-sdk/client-s3';
import { bucketName, s3 } from '#adapters/aws-clients.js';
import { isNotFound } from '#adapters/s3-objects.js';
import type { ReconciliationLine } from '#shared/rules/reconciliation.js';
import { reconciliationKeys } from './reconciliation.js';

const NEWLINE = 0x0a;

/** A page of a lender's lines and where the next begins (a byte offset in its JSONL; null: none). */
export interface LenderPage {
  lines: ReconciliationLine[];
  next: number | null;
}

/**
 * A page of a lender's lines (./reconciliation.ts's JSONL: one line each, joined by "\n"), read from `from`, the byte
 * where a line begins (0: the first): one ranged GetObject, streamed, stopped once `size` lines that `keep` accepts and
 * the start of the next are seen. A page reads its own lines and those it skips on the way, never the rest of the file.
 * Null when the file is gone; 'misaligned' when `from` is no line's start in this file (past its end, or mid-line: a
 * cursor of another file).
 */
export async function readLenderPage(
  uploadId: string,
  payeeKey: string,
  from: number,
  keep: (line: ReconciliationLine) => boolean,
  size: number,
): Promise<LenderPage | 'misaligned' | null> {
  // From the byte before: it must be the newline that ends the line before.
  const start = Math.max(0, from - 1);
  let body: AsyncIterable<Uint8Array>;
  try {
    const out = await s3.send(
      new GetObjectCommand({ Bucket: bucketName('uploads'), Key: reconciliationKeys(uploadId, payeeKey).lines, ...(from > 0 && { Range: `bytes=${start}-` }) }),
    );
    body = out.Body as AsyncIterable<Uint8Array>;
  } catch (error) {
    if (isNotFound(error)) return null;
    if ((error as { name?: string }).name === 'InvalidRange') return 'misaligned';
    throw error;
  }
  const lines: ReconciliationLine[] = [];
  let pending = Buffer.alloc(0);
  let at = start;
  let first = true;
  /** Takes one line (its bytes): true when it is the first line past a full page, so where the next page begins. */
  const take = (bytes: Buffer): boolean => {
    if (bytes.length === 0) return false;
    const line = JSON.parse(bytes.toString('utf8')) as ReconciliationLine;
    if (!keep(line)) return false;
    if (lines.length === size) return true;
    lines.push(line);
    return false;
  };
  for await (const chunk of body) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : Buffer.from(chunk);
    if (first && from > 0) {
      if (pending[0] !== NEWLINE) return 'misaligned';
      pending = pending.subarray(1);
      at += 1;
    }
    first = false;
    for (let end = pending.indexOf(NEWLINE); end !== -1; end = pending.indexOf(NEWLINE)) {
      const begins = at;
      const bytes = pending.subarray(0, end);
      pending = pending.subarray(end + 1);
      at += end + 1;
      // Leaving the loop ends the body's stream: the rest of the file is never read.
      if (take(bytes)) return { lines, next: begins };
    }
  }
  if (first && from > 0) return 'misaligned';
  if (take(pending)) return { lines, next: at };
  return { lines, next: null };
}
