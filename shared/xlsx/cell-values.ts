export type CellValue = string | number | boolean | null;

/** The cell's t attribute: n (or none), s, str, inlineStr, b, e, d. */
export const CellType = { number: 0, shared: 1, string: 2, inline: 3, boolean: 4, error: 5, date: 6 } as const;
export type CellTypeId = (typeof CellType)[keyof typeof CellType];

/** Exact powers of ten: a decimal of at most 15 digits divided by one of these is correctly rounded (as Number() would). */
const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/** A plain decimal without a string; NaN for anything else (exponents, spaces, > 15 digits), which the caller reads the slow way. */
export function parseNumber(data: Uint8Array, start: number, end: number): number {
  let k = start;
  const negative = data[k] === 0x2d;
  if (negative) k++;
  let mantissa = 0;
  let digits = 0;
  let fraction = 0;
  for (; k < end; k++) {
    const digit = (data[k] as number) - 0x30;
    if (digit < 0 || digit > 9) break;
    mantissa = mantissa * 10 + digit;
    digits++;
  }
  if (k < end && data[k] === 0x2e) {
    for (k++; k < end; k++) {
      const digit = (data[k] as number) - 0x30;
      if (digit < 0 || digit > 9) break;
      mantissa = mantissa * 10 + digit;
      digits++;
      fraction++;
    }
  }
  if (k !== end || digits === 0 || digits > 15) return Number.NaN;
  const value = fraction === 0 ? mantissa : mantissa / (POW10[fraction] as number);
  return negative ? -value : value;
}

/** A non-negative integer (a row number or a shared-string index); -1 when the bytes are not just digits. */
export function parseIndex(data: Uint8Array, start: number, end: number): number {
  if (start >= end || end - start > 15) return -1;
  let value = 0;
  for (let k = start; k < end; k++) {
    const digit = (data[k] as number) - 0x30;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

export function parseBoolean(data: Uint8Array, start: number, end: number): boolean {
  while (start < end && (data[start] as number) <= 0x20) start++;
  return data[start] === 0x31 || data[start] === 0x74;
}

/** The slow path: <v> text already decoded, read as the cell's type says. */
export function parseTextValue(text: string, type: CellTypeId, sharedStrings: readonly string[]): CellValue {
  const trimmed = text.trim();
  switch (type) {
    case CellType.number: {
      if (trimmed === '') return null;
      const number = Number(trimmed);
      return Number.isFinite(number) ? number : text;
    }
    case CellType.shared:
      return /^\d+$/.test(trimmed) ? (sharedStrings[Number(trimmed)] ?? null) : null;
    case CellType.boolean:
      return trimmed === '1' || trimmed.toLowerCase() === 'true';
    default:
      return text;
  }
}
