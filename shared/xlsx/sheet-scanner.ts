import { spreadsheetErrors } from './errors.js';
import { decodeUtf8, decodeXmlText } from './xml-text.js';
import { NO_SHORTCUT, Tag, tagEnd, XmlChunkScanner, type TagId } from './xml-scanner.js';
import { CellType, parseBoolean, parseIndex, parseNumber, parseTextValue, type CellTypeId, type CellValue } from './cell-values.js';
import { cellType, columnOf, isNameEnd, MAX_COLUMNS } from './sheet-markup.js';

export type { CellValue } from './cell-values.js';

/** One <row> of the sheet; rowNumber is the spreadsheet's own, cells[0] is column A. */
export interface SheetRow {
  rowNumber: number;
  cells: CellValue[];
}

/**
 * The rows of a worksheet's <sheetData>, scanned from byte chunks: cells go to their column by reference
 * (AB12 → 27) or, without one, next to the previous cell; rows without r= follow the previous row.
 * Completed rows collect in `rows` for the caller to drain after each feed.
 */
export class SheetRowScanner extends XmlChunkScanner {
  readonly rows: SheetRow[] = [];
  /** Rows holding at least one value: the count the row limit applies to. */
  valueRows = 0;
  private sawSheetData = false;

  private inRow = false;
  private rowNumber = 0;
  private cells: CellValue[] = [];

  private inCell = false;
  private column = -1;
  private type: CellTypeId = CellType.number;
  private value: CellValue = null;
  /** The <v> text when it came in pieces (CDATA, comments): read once the element closes. */
  private rawValue: string | null = null;
  private capturingValue = false;
  private inlineText: string | null = null;
  private inInlineString = false;
  private inPhonetic = false;

  /** Attribute scratch: byte ranges of r= and t= of the tag being read. */
  private refStart = -1;
  private refEnd = -1;
  private typeStart = -1;
  private typeEnd = -1;
  private selfClosing = false;

  constructor(
    private readonly sharedStrings: readonly string[],
    private readonly maxRows: number,
  ) {
    super();
  }

  /** Call after the last chunk: a sheet cut off inside <sheetData> is damaged. */
  finish(): void {
    if (this.sawSheetData && !this.stopped) throw spreadsheetErrors.corrupt();
  }

  /**
   * Excel's own markup (<row ...>, <c ...><v>…</v></c>, </row>: no prefixes, no spaces between tags) is
   * matched byte by byte here; anything else (prefixes, inline strings, formulas, comments) goes through token().
   */
  protected override shortcut(data: Uint8Array, i: number, n: number): number {
    if (i + 6 >= n) return NO_SHORTCUT;
    const second = data[i + 1];
    if (second === 0x63 && isNameEnd(data[i + 2] as number)) return this.openCell(data, i + 2, n);
    if (second === 0x72 && data[i + 2] === 0x6f && data[i + 3] === 0x77 && isNameEnd(data[i + 4] as number)) return this.openRow(data, i + 4, n);
    if (second !== 0x2f) return NO_SHORTCUT;
    if (data[i + 2] === 0x63 && data[i + 3] === 0x3e) {
      this.endCell();
      return i + 4;
    }
    if (data[i + 2] === 0x72 && data[i + 3] === 0x6f && data[i + 4] === 0x77 && data[i + 5] === 0x3e) {
      this.endRow();
      return i + 6;
    }
    return NO_SHORTCUT;
  }

  private openRow(data: Uint8Array, nameEnd: number, n: number): number {
    const end = this.readAttributes(data, nameEnd, n);
    if (end < 0) return end;
    this.startRow(this.refStart >= 0 ? parseIndex(data, this.refStart, this.refEnd) : -1);
    if (this.selfClosing) this.endRow();
    return end;
  }

  private openCell(data: Uint8Array, nameEnd: number, n: number): number {
    const end = this.readAttributes(data, nameEnd, n);
    if (end < 0) return end;
    this.startCell(data);
    if (!this.selfClosing) return this.valueThenClose(data, end, n);
    this.endCell();
    return end;
  }

  /** After a cell's start tag: <v>text</v> and </c> read in one go when they are there; returns how far it got. */
  private valueThenClose(data: Uint8Array, i: number, n: number): number {
    if (i + 3 >= n || data[i] !== 0x3c || data[i + 1] !== 0x76 || data[i + 2] !== 0x3e) return i;
    let k = i + 3;
    while (k < n && data[k] !== 0x3c) k++;
    if (k + 7 >= n || data[k + 1] !== 0x2f || data[k + 2] !== 0x76 || data[k + 3] !== 0x3e) return i;
    if (k > i + 3) this.value = this.readValue(data, i + 3, k);
    if (data[k + 4] !== 0x3c || data[k + 5] !== 0x2f || data[k + 6] !== 0x63 || data[k + 7] !== 0x3e) return k + 4;
    this.endCell();
    return k + 8;
  }

  protected onOpen(tag: TagId, data: Uint8Array, nameEnd: number, n: number): number {
    switch (tag) {
      case Tag.row:
        return this.openRow(data, nameEnd, n);
      case Tag.c:
        return this.openCell(data, nameEnd, n);
      default: {
        const end = tagEnd(data, nameEnd, n);
        if (end >= 0 && data[end - 2] !== 0x2f) this.openElement(tag);
        else if (end >= 0 && tag === Tag.sheetData) this.stopped = true;
        return end;
      }
    }
  }

  private openElement(tag: TagId): void {
    if (tag === Tag.v) {
      if (this.inCell) this.capturing = this.capturingValue = true;
    } else if (tag === Tag.is) this.inInlineString = true;
    else if (tag === Tag.t) {
      if (this.inCell && this.inInlineString && !this.inPhonetic) this.capturing = true;
    } else if (tag === Tag.rPh) this.inPhonetic = true;
    else if (tag === Tag.sheetData) this.sawSheetData = true;
  }

  protected onClose(tag: TagId): void {
    switch (tag) {
      case Tag.v:
      case Tag.t:
        this.capturing = this.capturingValue = false;
        return;
      case Tag.c:
        return this.endCell();
      case Tag.row:
        return this.endRow();
      case Tag.is:
        this.inInlineString = false;
        return;
      case Tag.rPh:
        this.inPhonetic = false;
        return;
      case Tag.sheetData:
        this.stopped = true;
        return;
    }
  }

  protected onText(data: Uint8Array, start: number, end: number, closesNext: boolean): void {
    if (!this.capturingValue) {
      this.inlineText = this.inlineText === null ? decodeXmlText(data, start, end) : this.inlineText + decodeXmlText(data, start, end);
    } else if (closesNext && this.rawValue === null) {
      this.value = this.readValue(data, start, end);
    } else {
      this.rawValue = (this.rawValue ?? '') + decodeXmlText(data, start, end);
    }
  }

  protected onCdata(data: Uint8Array, start: number, end: number): void {
    const text = decodeUtf8(data, start, end);
    if (this.capturingValue) this.rawValue = (this.rawValue ?? '') + text;
    else this.inlineText = (this.inlineText ?? '') + text;
  }

  /** The value of <v> text whole in the buffer: numbers and shared-string indexes are read without making a string. */
  private readValue(data: Uint8Array, start: number, end: number): CellValue {
    switch (this.type) {
      case CellType.number: {
        const number = parseNumber(data, start, end);
        return Number.isNaN(number) ? parseTextValue(decodeXmlText(data, start, end), this.type, this.sharedStrings) : number;
      }
      case CellType.shared: {
        const index = parseIndex(data, start, end);
        return index >= 0 ? (this.sharedStrings[index] ?? null) : parseTextValue(decodeXmlText(data, start, end), this.type, this.sharedStrings);
      }
      case CellType.boolean:
        return parseBoolean(data, start, end);
      default:
        return decodeXmlText(data, start, end);
    }
  }

  /** Reads the attributes up to '>' noting where r= and t= are; -1 when the buffer ends first. */
  private readAttributes(data: Uint8Array, k: number, n: number): number {
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
      if (nameLength === 1) {
        const name = data[nameStart];
        if (name === 0x72) {
          this.refStart = k + 1;
          this.refEnd = close;
        } else if (name === 0x74) {
          this.typeStart = k + 1;
          this.typeEnd = close;
        }
      }
      k = close + 1;
    }
  }

  private startRow(number: number): void {
    this.inRow = true;
    this.rowNumber = number > 0 ? number : this.rowNumber + 1;
    this.cells = [];
    this.column = -1;
  }

  private endRow(): void {
    if (!this.inRow) return;
    this.inRow = false;
    if (this.cells.length > 0 && ++this.valueRows > this.maxRows) throw spreadsheetErrors.tooManyRows(this.maxRows);
    this.rows.push({ rowNumber: this.rowNumber, cells: this.cells });
  }

  private startCell(data: Uint8Array): void {
    this.inCell = true;
    this.type = this.typeStart >= 0 ? cellType(data, this.typeStart, this.typeEnd) : CellType.number;
    this.column = this.refStart >= 0 ? columnOf(data, this.refStart, this.refEnd, this.column + 1) : this.column + 1;
    if (this.column >= MAX_COLUMNS) throw spreadsheetErrors.corrupt();
    this.value = null;
    this.rawValue = this.inlineText = null;
    this.inInlineString = this.inPhonetic = false;
  }

  private endCell(): void {
    if (!this.inCell) return;
    this.inCell = false;
    this.capturing = this.capturingValue = false;
    if (!this.inRow) return;
    let value = this.value;
    if (this.rawValue !== null) value = parseTextValue(this.rawValue, this.type, this.sharedStrings);
    else if (this.type === CellType.inline && this.inlineText !== null) value = this.inlineText;
    if (value === null) return;
    const cells = this.cells;
    const column = this.column;
    if (column === cells.length) cells.push(value);
    else if (column < cells.length) cells[column] = value;
    else {
      while (cells.length < column) cells.push(null);
      cells.push(value);
    }
  }
}
