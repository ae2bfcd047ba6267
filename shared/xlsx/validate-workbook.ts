import type { CanonicalRow } from '../rules/canonical-row.js';
import { isEmptyRow } from '../rules/cells.js';
import { isMonth } from '../rules/dates.js';
import { detectHeaderRow, HEADER_SEARCH_ROWS, missingHeadersMessage } from '../rules/headers.js';
import { byRow, fraudFlag, ISSUE_COLUMNS, type Issue } from '../rules/issues.js';
import { createRowValidator, type SubmissionKind } from '../rules/submission-rules.js';
import { SpreadsheetError, type SpreadsheetErrorCode } from './errors.js';
import { readFirstSheet, type ReadOptions } from './read-first-sheet.js';
import { RowCollector, type RowCollectorOptions } from './row-collector.js';
import type { SheetRow } from './sheet-scanner.js';

export interface WorkbookValidationOptions extends ReadOptions, Pick<RowCollectorOptions, 'onRow'> {
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
  /** The rows as ingested (spec §3), those meeting the minimal field requirements (none kept when handed to `onRow`). */
  rows: CanonicalRow[];
  /** The sheet row of each of `rows`, side by side (for the deduction signals). */
  row_numbers: number[];
  /** Why the file could not be read at all (its one HEADER error says so to a person), or null. */
  file_error: SpreadsheetErrorCode | null;
}

/** The column of a file-level error: the problem is the file, not a cell. */
export const FILE_COLUMN = 'File';
export const EMPTY_SHEET_MESSAGE =
  'The first sheet of this workbook is empty. Put the deduction rows, under their header row, on the first sheet and try again.';

export function fileLevel(message: string, file_error: SpreadsheetErrorCode | null): WorkbookValidation {
  const result: Omit<WorkbookValidation, 'rowsOf'> = {
    headers_found: false,
    headers: [],
    row_count: 0,
    errors: [{ row: null, column: FILE_COLUMN, type: 'HEADER', message }],
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
 * in lambdas/validation/stream-driver.ts): the first 10 non-empty rows are held until the header row is found.
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

/** The FRAUD flags (spec §5) on every row whose NRC the registry knows, in row order; hits are normalised NRCs. */
export function fraudFlagsFor(result: Pick<WorkbookValidation, 'rowsOf'>, hits: ReadonlySet<string>): Issue[] {
  const flags: Issue[] = [];
  for (const [nrc, rows] of result.rowsOf(hits)) for (const row of rows) flags.push(fraudFlag(row, nrc));
  return flags.sort(byRow);
}
