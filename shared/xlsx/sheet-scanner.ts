import { CellType, parseBoolean, parseIndex, parseNumber, parseTextValue, type CellTypeId, type CellValue } from './cell-values.js';
import { spreadsheetErrors } from './errors.js';
import { cellType, columnOf, isNameEnd, MAX_COLUMNS } from './sheet-markup.js';
import { TagAttributes } from './tag-attributes.js';
import { NO_SHORTCUT, Tag, tagEnd, XmlChunkScanner, type TagId } from './xml-scanner.js';
import { decodeUtf8, decodeXmlText } from './xml-text.js';

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

  private readonly attributes = new TagAttributes();

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
    const attributes = this.attributes;
    const end = attributes.read(data, nameEnd, n);
    if (end < 0) return end;
    this.startRow(attributes.refStart >= 0 ? parseIndex(data, attributes.refStart, attributes.refEnd) : -1);
    if (attributes.selfClosing) this.endRow();
    return end;
  }

  private openCell(data: Uint8Array, nameEnd: number, n: number): number {
    const end = this.attributes.read(data, nameEnd, n);
    if (end < 0) return end;
    this.startCell(data);
    if (!this.attributes.selfClosing) return this.valueThenClose(data, end, n);
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
    const { refStart, typeStart } = this.attributes;
    this.inCell = true;
    this.type = typeStart >= 0 ? cellType(data, typeStart, this.attributes.typeEnd) : CellType.number;
    this.column = refStart >= 0 ? columnOf(data, refStart, this.attributes.refEnd, this.column + 1) : this.column + 1;
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
