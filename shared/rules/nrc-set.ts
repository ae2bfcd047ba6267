/**
 * The NRCs a file has shown so far, for the duplicate warning. A file holds up to 1,500,000 of them: an NRC of the
 * valid shape (6–8 digits / 2 / 1) is kept as a number in an open-addressing table of doubles, with no object
 * per entry for the collector to trace; any other text goes to a plain Set.
 */
export class NrcSet {
  private keys = new Float64Array(1 << 12).fill(EMPTY);
  private size = 0;
  private readonly others = new Set<string>();

  /** Adds the normalised NRC; false when it was already there. `shaped` says it matches NRC_PATTERN. */
  add(nrc: string, shaped: boolean): boolean {
    if (!shaped) {
      if (this.others.has(nrc)) return false;
      this.others.add(nrc);
      return true;
    }
    const key = shapedKey(nrc);
    const keys = this.keys;
    const mask = keys.length - 1;
    for (let slot = hash(key) & mask; ; slot = (slot + 1) & mask) {
      const found = keys[slot];
      if (found === key) return false;
      if (found === EMPTY) {
        keys[slot] = key;
        if (++this.size * 2 > keys.length) this.grow();
        return true;
      }
    }
  }

  private grow(): void {
    const old = this.keys;
    const keys = new Float64Array(old.length * 2).fill(EMPTY);
    const mask = keys.length - 1;
    for (let i = 0; i < old.length; i++) {
      const key = old[i] as number;
      if (key === EMPTY) continue;
      let slot = hash(key) & mask;
      while (keys[slot] !== EMPTY) slot = (slot + 1) & mask;
      keys[slot] = key;
    }
    this.keys = keys;
  }
}

const EMPTY = -1;
const TWO_32 = 4_294_967_296;

/**
 * One number per shaped NRC: its 9–11 digits read as an integer (below 1e11), plus the length of its first group
 * (6, 7 or 8) as 0, 1 or 2 × 1e11, so 012345/67/8 and 0012345/67/8 stay apart. Exact: the sum is below 2^53.
 */
function shapedKey(nrc: string): number {
  const prefix = nrc.length - 5;
  let digits = 0;
  for (let i = 0; i < prefix; i++) digits = digits * 10 + (nrc.charCodeAt(i) - 0x30);
  digits = digits * 10 + (nrc.charCodeAt(prefix + 1) - 0x30);
  digits = digits * 10 + (nrc.charCodeAt(prefix + 2) - 0x30);
  digits = digits * 10 + (nrc.charCodeAt(prefix + 4) - 0x30);
  return digits + (prefix - 6) * 1e11;
}

/** A table slot's hash of an integer below 2^53 (NrcSet, shared/rules/borrower-keys.ts). */
export function hash(key: number): number {
  const low = (key % TWO_32) | 0;
  const high = (key / TWO_32) | 0;
  const mixed = Math.imul(low ^ Math.imul(high, 0x85ebca6b), 0x9e3779b1);
  return mixed ^ (mixed >>> 15);
}
