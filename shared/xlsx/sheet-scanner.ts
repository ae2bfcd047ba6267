import { spreadsheetErrors } from './errors.js';
import { decodeUtf8, decodeXmlText } from './xml-text.js';
import { Tag, tagEnd, XmlChunkScanner, type TagId } from './xml-scanner.js';
import { CellType, parseBoolean, parseIndex, parseNumber, parseTextValue, type CellTypeId, type CellValue } from './cell-values.js';

export type { CellValue } from './cell-values.js';

/** One <row> of the sheet; rowNumber is the spreadsheet's own, cells[0] is column A. */
export interface SheetRow {
  rowNumber: number;
  cells: CellValue[];
}

/** Excel's last column is XFD. */
const MAX_COLUMNS = 16_384;

function cellType(data: Uint8Array, start: number, end: number): CellTypeId {
  const first = data[start];
  if (end - start === 1) {
    if (first === 0x73) return CellType.shared;
    if (first === 0x62) return CellType.boolean;
    if (first === 0x65) return CellType.error;
    if (first === 0x64) return CellType.date;
    return CellType.number;
  }
  if (first === 0x69) return CellType.inline; // inlineStr
  if (first === 0x73) return CellType.string; // str
  return CellType.number;
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

  protected onOpen(tag: TagId, data: Uint8Array, nameEnd: number, n: number): number {
    switch (tag) {
      case Tag.row: {
        const end = this.readAttributes(data, nameEnd, n);
        if (end >= 0) {
          this.startRow(this.refStart >= 0 ? parseIndex(data, this.refStart, this.refEnd) : -1);
          if (this.selfClosing) this.endRow();
        }
        return end;
      }
      case Tag.c: {
        const end = this.readAttributes(data, nameEnd, n);
        if (end >= 0) {
          this.startCell(data);
          if (this.selfClosing) this.endCell();
        }
        return end;
      }
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
        if (name === 0x72) (this.refStart = k + 1), (this.refEnd = close);
        else if (name === 0x74) (this.typeStart = k + 1), (this.typeEnd = close);
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

/** 0-based column of a reference like AB12; `fallback` when it has no letters. */
function columnOf(data: Uint8Array, start: number, end: number, fallback: number): number {
  let column = 0;
  let k = start;
  for (; k < end; k++) {
    const byte = (data[k] as number) & 0xdf; // upper-case
    if (byte < 0x41 || byte > 0x5a) break;
    column = column * 26 + (byte - 0x40);
    if (column > MAX_COLUMNS) return MAX_COLUMNS;
  }
  return k === start ? fallback : column - 1;
}
