/** A spreadsheet cell as readers hand it over: string, number, Date, boolean, or nothing. */
export type Cell = unknown;

/** The cell's text, trimmed; '' for null, undefined, non-finite numbers and objects other than Date. */
export function cellText(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  return '';
}

/** cellText(value) === '', without trimming a string whose first character is printable ASCII (most cells). */
export function isBlank(value: Cell): boolean {
  if (typeof value === 'string') {
    const first = value.charCodeAt(0);
    return first > 0x20 && first < 0x7f ? false : value.trim() === '';
  }
  if (typeof value === 'number') return !Number.isFinite(value);
  return cellText(value) === '';
}

/** True when every cell is blank; holes in sparse arrays count as blank. */
export function isEmptyRow(cells: readonly Cell[] | null | undefined): boolean {
  if (!cells) return true;
  for (let i = 0; i < cells.length; i++) if (!isBlank(cells[i])) return false;
  return true;
}
