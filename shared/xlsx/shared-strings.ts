import { NO_SHORTCUT, Tag, tagEnd, XmlChunkScanner, type TagId } from './xml-scanner.js';
import { decodeUtf8, decodeXmlText } from './xml-text.js';
import { inflateEntry, type InflateBudget, type ZipArchive, type ZipEntry } from './zip.js';

/** What one string costs beyond its bytes (its slot in the table), so millions of empty <si/> cannot exhaust memory either. */
const SLOT_BYTES = 8;

/**
 * sharedStrings.xml: one string per <si>, rich-text runs (<r><t>) joined, phonetic guides (<rPh>) left out.
 * Decoded once; cells then refer to these strings by index.
 */
class SharedStringsScanner extends XmlChunkScanner {
  readonly strings: string[] = [];
  private inItem = false;
  private inPhonetic = false;
  private current: string | null = null;

  constructor(private readonly budget: InflateBudget) {
    super();
  }

  /** The usual item, <si><t>text</t></si>, in one go; rich text and the rest through token(). */
  protected override shortcut(data: Uint8Array, i: number, n: number): number {
    const plain = i + 6 < n && data[i + 1] === 0x73 && data[i + 2] === 0x69 && data[i + 3] === 0x3e && data[i + 4] === 0x3c && data[i + 5] === 0x74;
    return plain ? this.plainItem(data, i + 6, n) : NO_SHORTCUT;
  }

  /** From just after '<si><t': the item's end when it is one plain <t> whole in the buffer, else NO_SHORTCUT. */
  private plainItem(data: Uint8Array, at: number, n: number): number {
    const open = data[at] === 0x3e ? at + 1 : data[at] === 0x20 ? tagEnd(data, at, n) : -1;
    if (open < 0 || data[open - 2] === 0x2f) return NO_SHORTCUT;
    let close = open;
    while (close < n && data[close] !== 0x3c) close++;
    if (close + 9 > n || data[close + 1] !== 0x2f || data[close + 2] !== 0x74 || data[close + 3] !== 0x3e) return NO_SHORTCUT;
    if (data[close + 4] !== 0x3c || data[close + 5] !== 0x2f || data[close + 6] !== 0x73 || data[close + 7] !== 0x69 || data[close + 8] !== 0x3e)
      return NO_SHORTCUT;
    this.push(decodeXmlText(data, open, close));
    return close + 9;
  }

  protected onOpen(tag: TagId, data: Uint8Array, nameEnd: number, n: number): number {
    const end = tagEnd(data, nameEnd, n);
    if (end < 0) return end;
    const selfClosing = data[end - 2] === 0x2f;
    if (tag === Tag.si) {
      if (selfClosing) this.push('');
      else {
        this.inItem = true;
        this.current = null;
      }
    } else if (tag === Tag.t) this.capturing = this.inItem && !this.inPhonetic && !selfClosing;
    else if (tag === Tag.rPh) this.inPhonetic = !selfClosing;
    return end;
  }

  protected onClose(tag: TagId): void {
    if (tag === Tag.t) this.capturing = false;
    else if (tag === Tag.rPh) this.inPhonetic = false;
    else if (tag === Tag.si && this.inItem) {
      this.inItem = false;
      this.push(this.current ?? '');
    }
  }

  protected onText(data: Uint8Array, start: number, end: number): void {
    const text = decodeXmlText(data, start, end);
    this.current = this.current === null ? text : this.current + text;
  }

  protected onCdata(data: Uint8Array, start: number, end: number): void {
    this.current = (this.current ?? '') + decodeUtf8(data, start, end);
  }

  private push(text: string): void {
    this.budget.spend(SLOT_BYTES);
    this.strings.push(text);
  }
}

/** How a part's bytes are inflated: a step at a time (inflateEntry), or otherwise, counted against the same budget. */
export type PartInflater = (zip: ZipArchive, entry: ZipEntry, budget: InflateBudget) => Iterable<Uint8Array>;

export function readSharedStrings(zip: ZipArchive, entry: ZipEntry, budget: InflateBudget, inflate: PartInflater = inflateEntry): string[] {
  const scanner = new SharedStringsScanner(budget);
  for (const chunk of inflate(zip, entry, budget)) scanner.feed(chunk);
  scanner.feed(new Uint8Array(0), true);
  return scanner.strings;
}
