import { nrcDigits } from '../../../shared/rules/nrc.js';
import type { Signal } from '../../../shared/rules/signals.js';
import { inParallel } from '../../lib/concurrency.js';
import { fnv1a } from '../../lib/fnv1a.js';
import { putResult, readResultJson } from './results.js';

/**
 * An upload's deduction signals grouped by the NRC they name, so that one person's signals are found
 * without reading a file's whole lists (a 100,000-row file's NEW list alone is megabytes):
 * - `results/{upload}/signals-by-nrc/{bucket}.json`: the signals whose NRC's digits hash (FNV-1a) to
 *   that bucket of NRC_SIGNAL_BUCKETS, written by validation beside the per-type lists; only the
 *   buckets that hold a signal are written, so a small file writes a few objects.
 * Access pattern "the signals of one NRC in these submissions" (a submission keeps its upload's id):
 * one GET a submission, all at once; a missing object reads as none.
 * Uploads validated before this index existed have no buckets: their signals are not found this way.
 */
export const NRC_SIGNAL_BUCKETS = 256;
const WRITES_IN_FLIGHT = 16;

const bucketOf = (digits: string) => fnv1a(digits) % NRC_SIGNAL_BUCKETS;
export const nrcSignalsKey = (uploadId: string, bucket: number) => `results/${uploadId}/signals-by-nrc/${bucket}.json`;

/** Writes the buckets of these signals (those without an NRC are in no bucket). */
export async function putNrcSignals(uploadId: string, signals: readonly Signal[]): Promise<void> {
  const buckets = new Map<number, Signal[]>();
  for (const signal of signals) {
    const digits = signal.nrc ? nrcDigits(signal.nrc) : '';
    if (!digits) continue;
    const bucket = bucketOf(digits);
    const held = buckets.get(bucket);
    if (held) held.push(signal);
    else buckets.set(bucket, [signal]);
  }
  await inParallel([...buckets], WRITES_IN_FLIGHT, ([bucket, held]) => putResult(nrcSignalsKey(uploadId, bucket), JSON.stringify(held), 'application/json'));
}

/** The signals naming this NRC (digits) in each of these uploads, by upload id. */
export async function nrcSignalsIn(uploadIds: readonly string[], digits: string): Promise<Map<string, Signal[]>> {
  const bucket = bucketOf(digits);
  const found = await Promise.all(
    [...new Set(uploadIds)].map(async (id) => {
      const held = (await readResultJson<Signal[]>(nrcSignalsKey(id, bucket))) ?? [];
      return [id, held.filter((signal) => signal.nrc !== null && nrcDigits(signal.nrc) === digits)] as const;
    }),
  );
  return new Map(found.filter(([, signals]) => signals.length > 0));
}
