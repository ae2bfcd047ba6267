import { spreadsheetErrors } from './errors.js';

/** Local names the scanners act on; everything else is skipped. */
export const Tag = { other: 0, row: 1, c: 2, v: 3, t: 4, is: 5, rPh: 6, si: 7, sheetData: 8 } as const;
export type TagId = (typeof Tag)[keyof typeof Tag];

/** No legitimate token (a tag, or the text of one cell: at most 32,767 characters) comes near this. */
const MAX_TOKEN_BYTES = 4 << 20;
export const NO_SHORTCUT = -2;

/** How much of a new chunk is joined to a carried token to finish it (a tag or a cell: rarely more than a few hundred bytes). */
const JOIN_BYTES = 1 << 12;

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

function tagId(data: Uint8Array, start: number, end: number): TagId {
  const first = data[start];
  switch (end - start) {
    case 1:
      return first === 0x63 ? Tag.c : first === 0x76 ? Tag.v : first === 0x74 ? Tag.t : Tag.other;
    case 2:
      return first === 0x69 && data[start + 1] === 0x73 ? Tag.is : first === 0x73 && data[start + 1] === 0x69 ? Tag.si : Tag.other;
    case 3:
      if (first !== 0x72) return Tag.other;
      if (data[start + 1] === 0x6f && data[start + 2] === 0x77) return Tag.row;
      return data[start + 1] === 0x50 && data[start + 2] === 0x68 ? Tag.rPh : Tag.other;
    case 9:
      return matches(data, start, SHEET_DATA) ? Tag.sheetData : Tag.other;
    default:
      return Tag.other;
  }
}

const bytesOf = (text: string): Uint8Array => Uint8Array.from(text, (char) => char.charCodeAt(0));
const SHEET_DATA = bytesOf('sheetData');
const CDATA_OPEN = bytesOf('<![CDATA[');
const CDATA_CLOSE = bytesOf(']]>');
const COMMENT_OPEN = bytesOf('<!--');
const COMMENT_CLOSE = bytesOf('-->');
const PI_CLOSE = bytesOf('?>');
const SUBSET_CLOSE = bytesOf(']>');

function matches(data: Uint8Array, at: number, pattern: Uint8Array): boolean {
  if (at + pattern.length > data.length) return false;
  for (let i = 0; i < pattern.length; i++) if (data[at + i] !== pattern[i]) return false;
  return true;
}

function indexOfBytes(data: Uint8Array, pattern: Uint8Array, from: number): number {
  const first = pattern[0] as number;
  for (let at = data.indexOf(first, from); at >= 0; at = data.indexOf(first, at + 1)) if (matches(data, at, pattern)) return at;
  return -1;
}

/** The index after the '>' closing a tag whose name ended at `from` (quoted '>' skipped), or -1 when the buffer ends first. */
export function tagEnd(data: Uint8Array, from: number, n: number): number {
  for (let k = from; k < n; k++) {
    const byte = data[k];
    if (byte === 0x3e) return k + 1;
    if (byte === 0x22 || byte === 0x27) {
      k++;
      while (k < n && data[k] !== byte) k++;
      if (k >= n) return -1;
    }
  }
  return -1;
}

/**
 * A resumable scanner of XML arriving in chunks of bytes: tags and text are handed to the subclass as byte
 * ranges of the current buffer, and a token cut by the end of a chunk is carried into the next one.
 * No DOM and no allocation per tag; namespace prefixes are ignored (some writers emit <x:row>).
 */
export abstract class XmlChunkScanner {
  private carry: Uint8Array | null = null;
  /** Set by a subclass when the rest of the document does not matter. */
  protected stopped = false;
  /** While true, text between tags goes to onText; otherwise it is skipped unread. */
  protected capturing = false;

  /** Opening tag: the name ended at `nameEnd`; returns the index after its '>' or -1 if the buffer ends first. */
  protected abstract onOpen(tag: TagId, data: Uint8Array, nameEnd: number, n: number): number;
  protected abstract onClose(tag: TagId): void;
  /** Text while capturing; closesNext says a closing tag follows directly (the text is the element's whole content). */
  protected abstract onText(data: Uint8Array, start: number, end: number, closesNext: boolean): void;
  protected abstract onCdata(data: Uint8Array, start: number, end: number): void;

  get done(): boolean {
    return this.stopped;
  }

  feed(chunk: Uint8Array, final = false): void {
    if (this.stopped) return;
    let data = chunk;
    let i = 0;
    const carry = this.carry;
    this.carry = null;
    if (carry !== null) {
      // The cut token is finished with the start of the chunk; the chunk itself is then scanned in place, not copied.
      const head = Math.min(chunk.length, JOIN_BYTES);
      const joined = concat(carry, chunk.subarray(0, head));
      const stop = this.scan(joined, 0, joined.length, final && head === chunk.length);
      if (this.stopped) return;
      if (stop >= carry.length) i = stop - carry.length;
      else data = concat(carry.subarray(stop), chunk);
    }
    const n = data.length;
    i = this.scan(data, i, n, final);
    if (i < n && !this.stopped) {
      if (final || n - i > MAX_TOKEN_BYTES) throw spreadsheetErrors.corrupt();
      this.carry = data.slice(i);
    }
  }

  /** Consumes whole tokens from `start`; returns where it stopped (n, or the start of a cut token). */
  protected scan(data: Uint8Array, start: number, n: number, final: boolean): number {
    let i = start;
    while (i < n && !this.stopped) {
      let next = data[i] === 0x3c ? this.shortcut(data, i, n) : NO_SHORTCUT;
      if (next === NO_SHORTCUT) next = this.token(data, i, n, final);
      if (next < 0) break;
      i = next;
    }
    return i;
  }

  /**
   * A subclass's fast path for the markup it meets most, at a '<': the index after what it read,
   * -1 when the buffer ends first, or NO_SHORTCUT to leave the tag to the general tokenizer.
   */
  protected shortcut(_data: Uint8Array, _i: number, _n: number): number {
    return NO_SHORTCUT;
  }

  /** One text run or tag at i; returns the index after it, or -1 when the buffer ends inside it. */
  protected token(data: Uint8Array, i: number, n: number, final: boolean): number {
    if (data[i] === 0x3c) return this.tag(data, i, n);
    // Text runs are short (a cell value) or absent between tags: a plain loop beats a call to indexOf.
    let lt = i + 1;
    while (lt < n && data[lt] !== 0x3c) lt++;
    if (!this.capturing) return lt;
    if (lt + 1 >= n && !final) return -1;
    this.onText(data, i, lt, lt + 1 < n && data[lt + 1] === 0x2f);
    return lt;
  }

  private tag(data: Uint8Array, i: number, n: number): number {
    let j = i + 1;
    if (j >= n) return -1;
    const second = data[j];
    if (second === 0x21) return this.markup(data, i, n);
    if (second === 0x3f) {
      const close = indexOfBytes(data, PI_CLOSE, j);
      return close < 0 ? -1 : close + 2;
    }
    const closing = second === 0x2f;
    if (closing) j++;
    let local = j;
    for (; j < n; j++) {
      const byte = data[j] as number;
      if (byte === 0x3a) local = j + 1;
      else if (byte === 0x3e || byte === 0x2f || byte <= 0x20) break;
    }
    if (j >= n) return -1;
    const id = tagId(data, local, j);
    if (!closing) return this.onOpen(id, data, j, n);
    let gt = j;
    while (gt < n && data[gt] !== 0x3e) gt++;
    if (gt >= n) return -1;
    this.onClose(id);
    return gt + 1;
  }

  /** <!-- comments -->, <![CDATA[ text ]]> and a <!DOCTYPE> (its internal subset is skipped, never applied). */
  private markup(data: Uint8Array, i: number, n: number): number {
    if (n - i < CDATA_OPEN.length) return -1;
    if (matches(data, i, CDATA_OPEN)) {
      const close = indexOfBytes(data, CDATA_CLOSE, i + CDATA_OPEN.length);
      if (close < 0) return -1;
      if (this.capturing) this.onCdata(data, i + CDATA_OPEN.length, close);
      return close + CDATA_CLOSE.length;
    }
    if (matches(data, i, COMMENT_OPEN)) {
      const close = indexOfBytes(data, COMMENT_CLOSE, i + COMMENT_OPEN.length);
      return close < 0 ? -1 : close + COMMENT_CLOSE.length;
    }
    const bracket = data.indexOf(0x5b, i);
    const gt = data.indexOf(0x3e, i);
    if (gt < 0) return -1;
    if (bracket < 0 || bracket > gt) return gt + 1;
    const subsetEnd = indexOfBytes(data, SUBSET_CLOSE, bracket);
    return subsetEnd < 0 ? -1 : subsetEnd + 2;
  }
}
