import { inParallel } from '#lib/concurrency.js';
import { fnv1a } from '#lib/fnv1a.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import type { Signal, SignalType } from '#shared/rules/signals.js';
import { putResult, readResultJson } from './results.js';

/**
 * The kinds of an upload's deduction signals by the NRC they name, so that one person's are found without
 * reading a file's whole lists (a 100,000-row file's NEW list alone is megabytes):
 * - `results/{upload}/signals-by-nrc/{bucket}.json`: `[["{nrc digits}","{kind}"], …]`, one pair a signal
 *   whose NRC's digits hash (FNV-1a) to that bucket of NRC_SIGNAL_BUCKETS, written by validation beside the
 *   per-kind lists; only the buckets that hold a signal are written, so a small file writes a few objects.
 *   Uploads validated before kinds only hold the signals themselves (`[{ nrc, type, … }, …]`): read alike.
 * Access pattern "the kinds of signals on one NRC in these submissions" (a submission keeps its upload's id):
 * one GET a submission, all at once; a missing object reads as none.
 * Uploads validated before this index existed have no buckets: their signals are not found this way.
 */
export const NRC_SIGNAL_BUCKETS = 256;
const WRITES_IN_FLIGHT = 16;
/** A bucket's pairs are joined into one text every this many: a million signals cost their text, not a string each. */
const JOIN_EVERY = 1_024;

const bucketOf = (digits: string) => fnv1a(digits) % NRC_SIGNAL_BUCKETS;
export const nrcSignalsKey = (uploadId: string, bucket: number) => `results/${uploadId}/signals-by-nrc/${bucket}.json`;

/** The buckets of an upload's signals as validation finds them (those without an NRC are in no bucket), written once at the end. */
export class NrcSignalKinds {
  private readonly buckets = new Map<number, string[]>();

  add(signal: Signal): void {
    const digits = signal.nrc ? nrcDigits(signal.nrc) : '';
    if (!digits) return;
    const bucket = bucketOf(digits);
    const texts = this.buckets.get(bucket) ?? [];
    if (!texts.length) this.buckets.set(bucket, texts);
    texts.push(JSON.stringify([digits, signal.type]));
    if (texts.length > JOIN_EVERY) texts.splice(0, texts.length, texts.join(','));
  }

  async put(uploadId: string): Promise<void> {
    await inParallel([...this.buckets], WRITES_IN_FLIGHT, ([bucket, texts]) =>
      putResult(nrcSignalsKey(uploadId, bucket), `[${texts.join(',')}]`, 'application/json'),
    );
  }
}

type Stored = [string, SignalType] | Signal;

/** The kinds of signals naming this NRC (digits) in each of these uploads, by upload id. */
export async function nrcSignalsIn(uploadIds: readonly string[], digits: string): Promise<Map<string, SignalType[]>> {
  const bucket = bucketOf(digits);
  const found = await Promise.all(
    [...new Set(uploadIds)].map(async (id) => {
      const held = (await readResultJson<Stored[]>(nrcSignalsKey(id, bucket))) ?? [];
      const kinds = held.flatMap((entry) =>
        Array.isArray(entry) ? (entry[0] === digits ? [entry[1]] : []) : entry.nrc !== null && nrcDigits(entry.nrc) === digits ? [entry.type] : [],
      );
      return [id, kinds] as const;
    }),
  );
  return new Map(found.filter(([, kinds]) => kinds.length > 0));
}
