import type { Cell } from './cells.js';
import { hash } from './nrc-set.js';

/**
 * The rows of a file equal in every cell to an earlier row (an exact repeat is one deduction, kept once).
 * A file holds up to 1,500,000 rows: each row is kept as a 53-bit fingerprint of its cells in an open-addressing
 * table of doubles with the row number beside it, no object per row. Callers ask only about rows whose NRC (or,
 * without one, employee number) was already seen, so two different rows would have to share that key and the
 * fingerprint for one to be taken for a repeat of the other.
 */
export class RowRepeats {
  private keys = new Float64Array(1 << 12).fill(EMPTY);
  private rows = new Int32Array(1 << 12);
  private size = 0;

  /**
   * Records the row; answers the earlier row it repeats, or null. `seenKey`: its NRC or employee number was on
   * an earlier row (otherwise it cannot be a repeat and is only recorded).
   */
  add(rowNumber: number, cells: readonly Cell[], seenKey: boolean): number | null {
    const key = fingerprint(cells);
    const keys = this.keys;
    const mask = keys.length - 1;
    for (let slot = hash(key) & mask; ; slot = (slot + 1) & mask) {
      const found = keys[slot];
      if (found === key) return seenKey ? (this.rows[slot] as number) : null;
      if (found === EMPTY) {
        keys[slot] = key;
        this.rows[slot] = rowNumber;
        if (++this.size * 4 > keys.length * 3) this.grow();
        return null;
      }
    }
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldRows = this.rows;
    const keys = new Float64Array(oldKeys.length * 2).fill(EMPTY);
    const rows = new Int32Array(keys.length);
    const mask = keys.length - 1;
    for (let i = 0; i < oldKeys.length; i++) {
      const key = oldKeys[i] as number;
      if (key === EMPTY) continue;
      let slot = hash(key) & mask;
      while (keys[slot] !== EMPTY) slot = (slot + 1) & mask;
      keys[slot] = key;
      rows[slot] = oldRows[i] as number;
    }
    this.keys = keys;
    this.rows = rows;
  }
}

const EMPTY = -1;
const TWO_21 = 2_097_152;

/**
 * Two 32-bit FNV-1a hashes (different seeds) of the row's non-blank cells, each with its column, folded into one
 * integer below 2^53. Text is read trimmed; numbers by value (1 and 1.0 agree); dates by time.
 */
function fingerprint(cells: readonly Cell[]): number {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  const mix = (code: number) => {
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 13;
  };
  for (let column = 0; column < cells.length; column++) {
    const cell = cells[column];
    if (cell === null || cell === undefined) continue;
    if (typeof cell === 'string') {
      let start = 0;
      let end = cell.length;
      while (start < end && cell.charCodeAt(start) <= 0x20) start++;
      while (end > start && cell.charCodeAt(end - 1) <= 0x20) end--;
      if (start === end) continue;
      mix(0x10000 + column);
      mix(1);
      for (let i = start; i < end; i++) mix(cell.charCodeAt(i));
    } else {
      const value = typeof cell === 'number' ? cell : cell instanceof Date ? cell.getTime() : typeof cell === 'boolean' ? Number(cell) : Number.NaN;
      if (!Number.isFinite(value)) continue;
      mix(0x10000 + column);
      mix(2);
      const text = String(value);
      for (let i = 0; i < text.length; i++) mix(text.charCodeAt(i));
    }
  }
  return (a >>> 0) * TWO_21 + ((b >>> 0) % TWO_21);
}
