import { canonicalRow, type CanonicalRow } from '../rules/canonical-row.js';
import { isEmptyRow } from '../rules/cells.js';
import { parseCellDate, type DateParseOptions } from '../rules/dates.js';
import type { ColumnMap } from '../rules/headers.js';
import { issueSeverity, type Issue } from '../rules/issues.js';
import { normaliseNrc } from '../rules/nrc.js';
import type { RowValidator } from '../rules/submission-rules.js';
import type { CellValue, SheetRow } from './sheet-scanner.js';

export const PREVIEW_ROWS = 20;

export interface RowCollectorOptions extends DateParseOptions {
  /** Keep the canonical rows (default true). */
  collectRows?: boolean;
  /**
   * Hand each canonical row on, with its sheet row, instead of keeping it: the Lambda streams a file's rows
   * to where they are stored, so the rows of a large file never stand in memory together.
   */
  onRow?: (row: CanonicalRow, rowNumber: number) => void;
}

/** Excel's column name: 0 → A, 27 → AB. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Preview keys: the header text, 'Column F' for a blank one, 'NRC (2)' for a repeat. */
export function previewKeys(headers: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return headers.map((header, index) => {
    const base = header === '' ? `Column ${columnName(index)}` : header;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

/** What validation keeps of the data rows below the header: issues, the preview, NRCs and the canonical rows. */
export class RowCollector {
  rowCount = 0;
  readonly errors: Issue[] = [];
  readonly warnings: Issue[] = [];
  readonly preview: Record<string, unknown>[] = [];
  /** Each data row's normalised NRC and row number, side by side (no object per row). */
  private readonly nrcOfRow: string[] = [];
  private readonly rowOfNrc: number[] = [];
  /** NRCs the validator saw first on their row: the distinct list, without hashing every NRC again. */
  private readonly firstNrcs: string[] = [];
  readonly rows: CanonicalRow[] = [];
  readonly rowNumbers: number[] = [];
  private readonly keys: string[];
  private readonly dateColumns: Set<number>;
  /** Rows repeat the same dates and payee key: one string each instead of one per row. */
  private readonly interned = new Map<string, string>();

  constructor(
    headers: readonly string[],
    private readonly columns: ColumnMap,
    private readonly validator: RowValidator | null,
    private readonly opts: RowCollectorOptions,
  ) {
    this.keys = previewKeys(headers);
    this.dateColumns = new Set([columns.start_date, columns.end_date].filter((column) => column !== undefined));
  }

  add({ rowNumber, cells }: SheetRow): void {
    if (isEmptyRow(cells)) return;
    this.rowCount++;
    // The checks parse the NRC, dates and amount once and hand back the row as ingested too.
    const inspection = this.validator?.inspect(rowNumber, cells);
    const nrc = inspection ? inspection.nrc : this.columns.nrc === undefined ? '' : normaliseNrc(cells[this.columns.nrc]);
    if (nrc !== '') {
      this.nrcOfRow.push(nrc);
      this.rowOfNrc.push(rowNumber);
    }
    if (inspection) {
      if (!inspection.duplicate && nrc !== '') this.firstNrcs.push(nrc);
      const issues = inspection.issues;
      for (let i = 0; i < issues.length; i++) {
        const issue = issues[i] as Issue;
        (issueSeverity(issue.type) !== 'warning' ? this.errors : this.warnings).push(issue);
      }
    }
    if (this.preview.length < PREVIEW_ROWS) this.preview.push(this.previewOf(cells));
    if (this.opts.collectRows !== false) {
      const row = inspection ? inspection.row : canonicalRow(cells, this.columns, this.opts);
      if (row && this.opts.onRow) this.opts.onRow(row, rowNumber);
      else if (row) {
        row.start_date = this.intern(row.start_date);
        row.end_date = this.intern(row.end_date);
        if (row.payee_key !== null) row.payee_key = this.intern(row.payee_key);
        this.rows.push(row);
        this.rowNumbers.push(rowNumber);
      }
    }
  }

  distinctNrcs(): string[] {
    if (this.validator) return this.firstNrcs;
    return [...new Set(this.nrcOfRow)];
  }

  rowsOf(nrcs: ReadonlySet<string>): Map<string, number[]> {
    const index = new Map<string, number[]>();
    if (nrcs.size === 0) return index;
    for (let i = 0; i < this.nrcOfRow.length; i++) {
      const nrc = this.nrcOfRow[i] as string;
      if (!nrcs.has(nrc)) continue;
      const rows = index.get(nrc);
      if (rows) rows.push(this.rowOfNrc[i] as number);
      else index.set(nrc, [this.rowOfNrc[i] as number]);
    }
    return index;
  }

  private intern(text: string): string {
    const known = this.interned.get(text);
    if (known !== undefined) return known;
    this.interned.set(text, text);
    return text;
  }

  private previewOf(cells: readonly CellValue[]): Record<string, unknown> {
    const entry: Record<string, unknown> = {};
    const width = Math.max(this.keys.length, cells.length);
    for (let index = 0; index < width; index++) {
      const value = cells[index] ?? null;
      if (index >= this.keys.length && value === null) continue;
      const key = this.keys[index] ?? `Column ${columnName(index)}`;
      entry[key] = this.dateColumns.has(index) ? (parseCellDate(value, this.opts) ?? value) : value;
    }
    return entry;
  }
}
