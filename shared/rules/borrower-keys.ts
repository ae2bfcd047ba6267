import { hash } from './nrc-set.js';

/**
 * Borrower keys (signal-borrowers.ts borrowerKey: `NRC#{digits}`, else `EMP#{employee number}`) numbered in
 * the order they are first seen, compact for files of a million borrowers: an NRC key of up to 14 digits
 * is one number (a 1 before its digits, so that leading zeros count) in an open-addressing table of
 * doubles, with no string or object per key; any other key goes to a plain Map. About 40 bytes a key
 * where a Map of strings takes about 80.
 */
const NRC = 'NRC#';
const MAX_DIGITS = 14;
const EMPTY = -1;

function numberOf(key: string): number {
  if (!key.startsWith(NRC) || key.length - NRC.length > MAX_DIGITS || key.length === NRC.length) return NaN;
  let value = 1;
  for (let i = NRC.length; i < key.length; i++) {
    const digit = key.charCodeAt(i) - 0x30;
    if (digit < 0 || digit > 9) return NaN;
    value = value * 10 + digit;
  }
  return value;
}

export class BorrowerKeys {
  private slots = new Float64Array(1 << 12).fill(EMPTY);
  private slotIndex = new Int32Array(1 << 12);
  /** By index: the key's number, or NaN for a key held in `others`. */
  private numbers = new Float64Array(1 << 12);
  private readonly others = new Map<string, number>();
  private readonly otherKeys = new Map<number, string>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** The key's index, or -1 when it was never added. */
  indexOf(key: string): number {
    const value = numberOf(key);
    if (Number.isNaN(value)) return this.others.get(key) ?? -1;
    const mask = this.slots.length - 1;
    for (let slot = hash(value) & mask; ; slot = (slot + 1) & mask) {
      const found = this.slots[slot];
      if (found === value) return this.slotIndex[slot]!;
      if (found === EMPTY) return -1;
    }
  }

  /** The key's index, the next one when it is new. */
  add(key: string): number {
    const known = this.indexOf(key);
    if (known >= 0) return known;
    const index = this.count++;
    if (index === this.numbers.length) {
      const numbers = new Float64Array(this.numbers.length * 2);
      numbers.set(this.numbers);
      this.numbers = numbers;
    }
    const value = numberOf(key);
    this.numbers[index] = value;
    if (Number.isNaN(value)) {
      this.others.set(key, index);
      this.otherKeys.set(index, key);
    } else this.place(value, index);
    return index;
  }

  keyAt(index: number): string {
    const value = this.numbers[index]!;
    return Number.isNaN(value) ? this.otherKeys.get(index)! : `${NRC}${String(value).slice(1)}`;
  }

  private place(value: number, index: number): void {
    if ((this.count - this.others.size) * 2 > this.slots.length) this.grow();
    const mask = this.slots.length - 1;
    let slot = hash(value) & mask;
    while (this.slots[slot] !== EMPTY) slot = (slot + 1) & mask;
    this.slots[slot] = value;
    this.slotIndex[slot] = index;
  }

  private grow(): void {
    const [slots, indexes] = [this.slots, this.slotIndex];
    this.slots = new Float64Array(slots.length * 2).fill(EMPTY);
    this.slotIndex = new Int32Array(slots.length * 2);
    const mask = this.slots.length - 1;
    for (let i = 0; i < slots.length; i++) {
      if (slots[i] === EMPTY) continue;
      let slot = hash(slots[i]!) & mask;
      while (this.slots[slot] !== EMPTY) slot = (slot + 1) & mask;
      this.slots[slot] = slots[i]!;
      this.slotIndex[slot] = indexes[i]!;
    }
  }
}

/** A number per borrower key (a previous month's installments in ngwee), on BorrowerKeys. */
export class BorrowerTotals {
  private readonly keys = new BorrowerKeys();
  private values = new Float64Array(1 << 12);

  get size(): number {
    return this.keys.size;
  }

  has(key: string): boolean {
    return this.keys.indexOf(key) >= 0;
  }

  get(key: string): number | undefined {
    const at = this.keys.indexOf(key);
    return at < 0 ? undefined : this.values[at];
  }

  set(key: string, value: number): this {
    const at = this.keys.add(key);
    if (at >= this.values.length) {
      const values = new Float64Array(this.values.length * 2);
      values.set(this.values);
      this.values = values;
    }
    this.values[at] = value;
    return this;
  }
}
