import { tagEnd } from './xml-scanner.js';

const NOT_PLAIN = -2;

/**
 * The attributes of the <row> or <c> tag being read: where r= and t= are (byte ranges of the buffer; -1 when
 * absent) and whether the tag closes itself. Filled by read(); no allocation per tag.
 */
export class TagAttributes {
  refStart = -1;
  refEnd = -1;
  typeStart = -1;
  typeEnd = -1;
  selfClosing = false;

  /** Reads from the end of the tag's name up to '>'; returns the index after the tag, or -1 when the buffer ends first. */
  read(data: Uint8Array, k: number, n: number): number {
    const end = this.readPlain(data, k, n);
    return end === NOT_PLAIN ? this.readAny(data, k, n) : end;
  }

  /**
   * Excel's own form, ` name="value"` repeated then '>' or '/>', read with fewer checks: the answer readAny
   * would give, or NOT_PLAIN for anything else (other white space, single quotes, a cut buffer), read again by it.
   */
  private readPlain(data: Uint8Array, k: number, n: number): number {
    this.refStart = this.typeStart = -1;
    for (;;) {
      if (k + 1 >= n) return NOT_PLAIN;
      const byte = data[k];
      if (byte === 0x3e) {
        this.selfClosing = false;
        return k + 1;
      }
      if (byte === 0x2f && data[k + 1] === 0x3e) {
        this.selfClosing = true;
        return k + 2;
      }
      if (byte !== 0x20) return NOT_PLAIN;
      const nameStart = ++k;
      while (k < n && data[k] !== 0x3d && (data[k] as number) > 0x20 && data[k] !== 0x3e) k++;
      if (k + 1 >= n || data[k] !== 0x3d || data[k + 1] !== 0x22 || k === nameStart) return NOT_PLAIN;
      let close = k + 2;
      while (close < n && data[close] !== 0x22) close++;
      if (close >= n) return NOT_PLAIN;
      if (k - nameStart === 1) this.note(data[nameStart] as number, k + 2, close);
      k = close + 1;
    }
  }

  /** Any well-formed attributes (and what a lenient reader makes of some that are not). */
  private readAny(data: Uint8Array, k: number, n: number): number {
    this.refStart = this.typeStart = -1;
    for (;;) {
      while (k < n && (data[k] as number) <= 0x20) k++;
      if (k >= n) return -1;
      const byte = data[k];
      if (byte === 0x3e) {
        this.selfClosing = false;
        return k + 1;
      }
      if (byte === 0x2f) {
        if (k + 1 >= n) return -1;
        this.selfClosing = true;
        return data[k + 1] === 0x3e ? k + 2 : tagEnd(data, k + 1, n);
      }
      const nameStart = k;
      while (k < n && data[k] !== 0x3d && (data[k] as number) > 0x20 && data[k] !== 0x3e) k++;
      const nameLength = k - nameStart;
      while (k < n && (data[k] as number) <= 0x20) k++;
      if (k >= n) return -1;
      if (data[k] !== 0x3d) continue; // a bare name: not XML, skip it
      k++;
      while (k < n && (data[k] as number) <= 0x20) k++;
      if (k >= n) return -1;
      const quote = data[k] as number;
      if (quote !== 0x22 && quote !== 0x27) return tagEnd(data, k, n);
      let close = k + 1;
      while (close < n && data[close] !== quote) close++;
      if (close >= n) return -1;
      if (nameLength === 1) this.note(data[nameStart] as number, k + 1, close);
      k = close + 1;
    }
  }

  private note(name: number, start: number, end: number): void {
    if (name === 0x72) {
      this.refStart = start;
      this.refEnd = end;
    } else if (name === 0x74) {
      this.typeStart = start;
      this.typeEnd = end;
    }
  }
}
