import { decodeUtf8, decodeXmlText } from './xml-text.js';
import { Tag, tagEnd, XmlChunkScanner, type TagId } from './xml-scanner.js';
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

  protected onOpen(tag: TagId, data: Uint8Array, nameEnd: number, n: number): number {
    const end = tagEnd(data, nameEnd, n);
    if (end < 0) return end;
    const selfClosing = data[end - 2] === 0x2f;
    if (tag === Tag.si) {
      if (selfClosing) this.push('');
      else (this.inItem = true), (this.current = null);
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

export function readSharedStrings(zip: ZipArchive, entry: ZipEntry, budget: InflateBudget): string[] {
  const scanner = new SharedStringsScanner(budget);
  for (const chunk of inflateEntry(zip, entry, budget)) scanner.feed(chunk);
  scanner.feed(new Uint8Array(0), true);
  return scanner.strings;
}
