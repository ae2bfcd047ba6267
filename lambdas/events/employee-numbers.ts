const BYTES = 0;
const NONE = 1;
const OTHER = 2;

/**
 * A file's employee numbers (or none), one a borrower in order, for a table of a million borrowers: the
 * characters of those in ASCII, as nearly all are, in one growing byte store with where each ends beside it
 * (about 14 bytes each, outside the JavaScript heap), any other kept as a string by its place.
 */
export class EmployeeNumbers {
  private bytes = Buffer.alloc(1 << 16);
  private used = 0;
  /** By place: where its characters end in `bytes` (none or another's end where it has none there), and what it is. */
  private ends = new Int32Array(1 << 12);
  private kinds = new Uint8Array(1 << 12);
  private count = 0;
  private readonly others = new Map<number, string>();

  push(value: string | null): void {
    if (this.count === this.ends.length) this.grow();
    const at = this.count++;
    if (value === null || !isAscii(value)) {
      this.ends[at] = this.used;
      this.kinds[at] = value === null ? NONE : OTHER;
      if (value !== null) this.others.set(at, value);
      return;
    }
    if (this.used + value.length > this.bytes.length) {
      const bytes = Buffer.alloc(Math.max(this.bytes.length * 2, this.used + value.length));
      this.bytes.copy(bytes, 0, 0, this.used);
      this.bytes = bytes;
    }
    this.used += this.bytes.write(value, this.used, 'latin1');
    this.ends[at] = this.used;
    this.kinds[at] = BYTES;
  }

  /** The employee number at this place (null for none). */
  at(place: number): string | null {
    const kind = this.kinds[place];
    if (kind === NONE) return null;
    if (kind === OTHER) return this.others.get(place)!;
    return this.bytes.toString('latin1', place === 0 ? 0 : this.ends[place - 1]!, this.ends[place]!);
  }

  private grow(): void {
    const ends = new Int32Array(this.count * 2);
    ends.set(this.ends);
    this.ends = ends;
    const kinds = new Uint8Array(this.count * 2);
    kinds.set(this.kinds);
    this.kinds = kinds;
  }
}

function isAscii(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) > 0x7f) return false;
  return true;
}
