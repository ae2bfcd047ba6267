/**
 * The floor the readers are held to: the least any reader of the bench's workbook must do, with no validation.
 * Node's native zlib inflates the shared strings whole and the sheet as a stream (256 KB chunks, as the Lambda);
 * a minimal tokenizer splits both into tags, attributes and text runs: attribute values found but not decoded,
 * each text run decoded to a string (entities left as they are), nothing checked. Rows are counted from
 * their start tags. It knows the bench file's part names instead of reading the workbook's relationships.
 */
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { entryData, findEntry, openZip } from '#shared/xlsx/zip.js';

const CHUNK = 256 * 1024;
const LT = 0x3c;
const GT = 0x3e;

const SPACE = 0x20;
const SLASH = 0x2f;
const EQUALS = 0x3d;

/**
 * Tags, their attributes and text runs of XML arriving in chunks; a token cut by a chunk's end is finished
 * with the next chunk. Attributes are found (name, quoted value) but not decoded: a reader needs a cell's t=.
 */
class MinimalTokenizer {
  rowTags = 0;
  attributes = 0;
  texts = 0;
  /** Summed so the decoded strings are used: what a consumer would at least do. */
  textLength = 0;
  private carry: Buffer | null = null;

  constructor(private readonly onText: (text: string) => void = () => {}) {}

  feed(chunk: Buffer): void {
    const data = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const n = data.length;
    let i = 0;
    while (i < n) {
      const end = data[i] === LT ? this.tag(data, i, n) : this.text(data, i);
      if (end < 0) break;
      i = end;
    }
    this.carry = i < n ? data.subarray(i) : null;
  }

  /** The index after the tag at i, or -1 when the chunk ends inside it. */
  private tag(data: Buffer, i: number, n: number): number {
    const second = data[i + 1];
    if (second === SLASH || second === 0x3f || second === 0x21) {
      const gt = data.indexOf(GT, i + 1);
      return gt < 0 ? -1 : gt + 1;
    }
    let k = i + 1;
    while (k < n && data[k] !== SPACE && data[k] !== GT && data[k] !== SLASH) k++;
    // <row: the only name told apart.
    const row = k - i === 4 && data[i + 1] === 0x72 && data[i + 2] === 0x6f && data[i + 3] === 0x77;
    let attributes = 0;
    while (k < n) {
      const byte = data[k];
      if (byte === GT) {
        // Counted once the tag is whole: a tag cut by the chunk's end is read again with the next one.
        if (row) this.rowTags++;
        this.attributes += attributes;
        return k + 1;
      }
      if (byte === EQUALS) {
        if (k + 1 >= n) return -1;
        const close = data.indexOf(data[k + 1] as number, k + 2);
        if (close < 0) return -1;
        attributes++;
        k = close + 1;
      } else k++;
    }
    return -1;
  }

  private text(data: Buffer, i: number): number {
    const lt = data.indexOf(LT, i);
    if (lt < 0) return -1;
    const text = data.toString('utf8', i, lt);
    this.texts++;
    this.textLength += text.length;
    this.onText(text);
    return lt;
  }
}

const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The data rows of the bench's workbook (the header row not counted), read at the floor's cost. */
export async function floorRows(data: Uint8Array): Promise<number> {
  const zip = openZip(data);
  const sheet = findEntry(zip, 'xl/worksheets/sheet1.xml');
  const sharedStrings = findEntry(zip, 'xl/sharedStrings.xml');
  if (!sheet || !sharedStrings) throw new Error('The floor reads the bench file only: sheet1.xml and sharedStrings.xml.');
  const strings: string[] = [];
  const table = new MinimalTokenizer((text) => strings.push(text));
  table.feed(inflateRawSync(buffer(entryData(zip, sharedStrings))));
  const tokens = new MinimalTokenizer();
  const inflater = createInflateRaw({ chunkSize: CHUNK });
  inflater.end(buffer(entryData(zip, sheet)));
  for await (const chunk of inflater as AsyncIterable<Buffer>) tokens.feed(chunk);
  if (strings.length === 0 || tokens.texts === 0 || tokens.attributes === 0) throw new Error('The floor read no text or attributes.');
  return tokens.rowTags - 1;
}
