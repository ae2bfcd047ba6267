import { canonicalRow, type CanonicalRow } from '../rules/canonical-row.js';
import { isEmptyRow } from '../rules/cells.js';
import { isMonth, parseCellDate } from '../rules/dates.js';
import { detectHeaderRow, HEADER_SEARCH_ROWS, missingHeadersMessage, type ColumnMap } from '../rules/headers.js';
import { fraudFlag, ISSUE_COLUMNS, issueSeverity, type Issue } from '../rules/issues.js';
import { normaliseNrc } from '../rules/nrc.js';
import { createRowValidator, type RowValidator, type SubmissionKind } from '../rules/submission-rules.js';
import { SpreadsheetError, type SpreadsheetErrorCode } from './errors.js';
import { readFirstSheet, type ReadOptions } from './read-first-sheet.js';
import type { CellValue, SheetRow } from './sheet-scanner.js';

export interface WorkbookValidationOptions extends ReadOptions {
  kind: SubmissionKind;
  /** The submission month, YYYY-MM. */
  month: string;
  payeeKey: string;
  /** Keep the canonical rows for ingestion (default true); the CLI and benchmarks may skip them. */
  collectRows?: boolean;
}

export interface WorkbookValidation {
  /** Every required header was found. */
  headers_found: boolean;
  /** The header row's cells as text (the data summary's detected columns). */
  headers: string[];
  /** Non-empty rows below the header. */
  row_count: number;
  errors: Issue[];
  warnings: Issue[];
  /** The first 20 data rows as header → value; dates of the date columns as YYYY-MM-DD. */
  preview: Record<string, unknown>[];
  /** Distinct normalised NRCs of the data rows, in order of first appearance, for the registry check. */
  nrcs: string[];
  /**
   * The spreadsheet rows each of these NRCs is on, so a registry hit becomes a FRAUD flag on the right
   * rows. Asked only for the hits: indexing every one of 250,000 NRCs would cost a tenth of the run.
   */
  rowsOf(nrcs: ReadonlySet<string>): Map<string, number[]>;
  /** The rows as ingested (spec §3), those meeting the minimal field requirements. */
  rows: CanonicalRow[];
  /** The sheet row of each of `rows`, side by side (for the deduction signals). */
  row_numbers: number[];
  /** Why the file could not be read at all (its one HEADER error says so to a person), or null. */
  file_error: SpreadsheetErrorCode | null;
}

export const PREVIEW_ROWS = 20;
/** The column of a file-level error: the problem is the file, not a cell. */
export const FILE_COLUMN = 'File';
export const EMPTY_SHEET_MESSAGE = 'The first sheet of this workbook is empty. Put the deduction rows, under their header row, on the first sheet and try again.';

export function fileLevel(message: string, file_error: SpreadsheetErrorCode | null): WorkbookValidation {
  const result: Omit<WorkbookValidation, 'rowsOf'> = {
    headers_found: false,
    headers: [],
    row_count: 0,
    errors: [{ row: 0, column: FILE_COLUMN, type: 'HEADER', message }],
    warnings: [],
    preview: [],
    nrcs: [],
    rows: [],
    row_numbers: [],
    file_error,
  };
  return Object.defineProperty(result, 'rowsOf', { value: () => new Map() }) as WorkbookValidation;
}

/**
 * The spec §5 client checks of an .xlsx file, streamed: the header row is found among the first 10 non-empty
 * rows, then each row is checked and dropped, so only issues, the preview and the compact canonical rows stay.
 * A file that cannot be read gives one HEADER error (column 'File') saying why, and file_error.
 */
export function validateWorkbook(data: Uint8Array, opts: WorkbookValidationOptions): WorkbookValidation {
  if (!isMonth(opts.month)) throw new RangeError('Month must be in YYYY-MM format.');
  try {
    const { date1904, rows } = readFirstSheet(data, opts);
    return validateSheetRows(rows, { ...opts, date1904 });
  } catch (error) {
    if (error instanceof SpreadsheetError) return fileLevel(error.message, error.code);
    throw error;
  }
}

/** validateWorkbook over rows already read (SheetRow order is sheet order). */
export function validateSheetRows(rows: Iterable<SheetRow>, opts: WorkbookValidationOptions & { date1904?: boolean }): WorkbookValidation {
  const validation = new SheetValidation(opts);
  for (const row of rows) validation.push(row);
  return validation.result();
}

/**
 * The checks of one sheet, fed a row at a time (by a synchronous reader here, by Node's streaming zlib
 * in lambdas/lib/workbook-stream.ts): the first 10 non-empty rows are held until the header row is found.
 */
export class SheetValidation {
  private readonly head: SheetRow[] = [];
  private collector: RowCollector | null = null;
  private headersFound = false;
  private headers: string[] = [];

  constructor(private readonly opts: WorkbookValidationOptions & { date1904?: boolean }) {}

  push(row: SheetRow): void {
    if (this.collector) return this.collector.add(row);
    if (isEmptyRow(row.cells)) return;
    this.head.push(row);
    if (this.head.length === HEADER_SEARCH_ROWS) this.detect();
  }

  private detect(): void {
    const head = this.head;
    const detection = detectHeaderRow(head.map((row) => row.cells));
    const headerRow = head[detection.headerRowIndex] as SheetRow;
    this.headersFound = detection.missing.length === 0;
    this.headers = detection.headers;
    const validator = this.headersFound ? createRowValidator({ ...this.opts, columns: detection.columns }) : null;
    const collector = new RowCollector(detection.headers, detection.columns, validator, this.opts);
    if (!this.headersFound) {
      collector.errors.push({ row: headerRow.rowNumber, column: ISSUE_COLUMNS.header, type: 'HEADER', message: missingHeadersMessage(detection.missing) });
    }
    for (const row of head.slice(detection.headerRowIndex + 1)) collector.add(row);
    this.collector = collector;
  }

  result(): WorkbookValidation {
    if (!this.collector) {
      if (this.head.length === 0) return fileLevel(EMPTY_SHEET_MESSAGE, null);
      this.detect();
    }
    const collector = this.collector as RowCollector;
    const result = {
      headers_found: this.headersFound,
      headers: this.headers,
      row_count: collector.rowCount,
      errors: collector.errors,
      warnings: collector.warnings,
      preview: collector.preview,
      nrcs: collector.distinctNrcs(),
      rows: collector.rows,
      row_numbers: collector.rowNumbers,
      file_error: null,
    };
    // Not enumerable: the result stays plain data for JSON and structured clone.
    return Object.defineProperty(result, 'rowsOf', { value: (nrcs: ReadonlySet<string>) => collector.rowsOf(nrcs) }) as WorkbookValidation;
  }
}

/** Excel's column name: 0 → A, 27 → AB. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Preview keys: the header text, 'Column F' for a blank one, 'NRC (2)' for a repeat. */
function previewKeys(headers: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return headers.map((header, index) => {
    const base = header === '' ? `Column ${columnName(index)}` : header;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

class RowCollector {
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
    private readonly opts: WorkbookValidationOptions & { date1904?: boolean },
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
      if (row) {
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

/** The FRAUD flags (spec §5) on every row whose NRC the registry knows, in row order; hits are normalised NRCs. */
export function fraudFlagsFor(result: Pick<WorkbookValidation, 'rowsOf'>, hits: ReadonlySet<string>): Issue[] {
  const flags: Issue[] = [];
  for (const [nrc, rows] of result.rowsOf(hits)) for (const row of rows) flags.push(fraudFlag(row, nrc));
  return flags.sort((a, b) => a.row - b.row);
}
