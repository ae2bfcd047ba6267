import { CellType, type CellTypeId } from './cell-values.js';

/** Excel's last column is XFD. */
export const MAX_COLUMNS = 16_384;

export function cellType(data: Uint8Array, start: number, end: number): CellTypeId {
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

/** The byte after a tag name: white space, '>' or '/'. */
export function isNameEnd(byte: number): boolean {
  return byte === 0x20 || byte === 0x3e || byte === 0x2f || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

/** 0-based column of a reference like AB12; `fallback` when it has no letters. */
export function columnOf(data: Uint8Array, start: number, end: number, fallback: number): number {
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
