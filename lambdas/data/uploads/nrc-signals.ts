import { inParallel } from '#lib/concurrency.js';
import { fnv1a } from '#lib/fnv1a.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { SIGNAL_TYPES, type Signal, type SignalType } from '#shared/rules/signals.js';
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
/** Digits kept as one number (a 1 before them, so leading zeros count): up to 14, exact below 2^53. */
const MAX_NUMBER_DIGITS = 14;

const bucketOf = (digits: string) => fnv1a(digits) % NRC_SIGNAL_BUCKETS;
export const nrcSignalsKey = (uploadId: string, bucket: number) => `results/${uploadId}/signals-by-nrc/${bucket}.json`;

/** One bucket's pairs as numbers: the digits (see MAX_NUMBER_DIGITS) and the kind's place in SIGNAL_TYPES, 9 bytes a pair. */
class BucketPairs {
  private digits = new Float64Array(16);
  private kinds = new Uint8Array(16);
  private count = 0;
  /** Digits too long to be a number, with their kind: none from a file of valid NRCs. */
  readonly others: [string, SignalType][] = [];

  add(digits: string, type: SignalType): void {
    if (digits.length > MAX_NUMBER_DIGITS) {
      this.others.push([digits, type]);
      return;
    }
    if (this.count === this.digits.length) {
      const [digitsBefore, kindsBefore] = [this.digits, this.kinds];
      this.digits = new Float64Array(this.count * 2);
      this.digits.set(digitsBefore);
      this.kinds = new Uint8Array(this.count * 2);
      this.kinds.set(kindsBefore);
    }
    this.digits[this.count] = Number(`1${digits}`);
    this.kinds[this.count++] = SIGNAL_TYPES.indexOf(type);
  }

  /** The pairs as stored: `[["{digits}","{kind}"], …]`. */
  text(): string {
    const pairs: string[] = [];
    for (let i = 0; i < this.count; i++) pairs.push(JSON.stringify([String(this.digits[i]).slice(1), SIGNAL_TYPES[this.kinds[i]!]]));
    for (const pair of this.others) pairs.push(JSON.stringify(pair));
    return `[${pairs.join(',')}]`;
  }
}

/**
 * The buckets of an upload's signals as validation finds them (those without an NRC are in no bucket), written once
 * at the end; held as numbers, so a million signals cost about 9 MB, not a text each.
 */
export class NrcSignalKinds {
  private readonly buckets = new Map<number, BucketPairs>();

  add(signal: Signal): void {
    const digits = signal.nrc ? nrcDigits(signal.nrc) : '';
    if (!digits) return;
    const bucket = bucketOf(digits);
    let pairs = this.buckets.get(bucket);
    if (!pairs) {
      pairs = new BucketPairs();
      this.buckets.set(bucket, pairs);
    }
    pairs.add(digits, signal.type);
  }

  async put(uploadId: string): Promise<void> {
    await inParallel([...this.buckets], WRITES_IN_FLIGHT, ([bucket, pairs]) => putResult(nrcSignalsKey(uploadId, bucket), pairs.text(), 'application/json'));
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
