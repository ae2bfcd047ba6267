import { detectAppliedHeader, missingAppliedHeadersMessage } from '../rules/applied-columns.js';
import { type AppliedRow, createAppliedValidator, type FirstRows } from '../rules/applied.js';
import { isEmptyRow } from '../rules/cells.js';
import { HEADER_SEARCH_ROWS } from '../rules/headers.js';
import { ISSUE_COLUMNS, type Issue } from '../rules/issues.js';
import { PREVIEW_ROWS, columnName, previewKeys } from './row-collector.js';
import type { SheetRow } from './sheet-scanner.js';
import { FILE_COLUMN } from './validate-workbook.js';

const EMPTY_SHEET = 'The first sheet of this workbook is empty. Put the applied deductions, under their header row, on the first sheet and try again.';

/** What validating an applied deductions file keeps: its issues (every one an error), the preview and counts. */
export interface AppliedValidation {
  headers: string[];
  /** Non-empty rows below the header. */
  row_count: number;
  /** Rows without an error. */
  rows: number;
  errors: Issue[];
  preview: Record<string, unknown>[];
}

/**
 * The applied-file rules (shared/rules/applied.ts) over one sheet, fed a row at a time as the streaming reader
 * inflates it: the first 10 non-empty rows are held until the header row is found (the one header detector,
 * with the applied file's aliases), then each row is checked, each good one handed to `onRow`, and dropped.
 */
export class AppliedSheetValidation {
  private readonly head: SheetRow[] = [];
  private inspect: ReturnType<typeof createAppliedValidator> | null = null;
  private keys: string[] = [];
  private headers: string[] = [];
  private rowCount = 0;
  private good = 0;
  private readonly errors: Issue[] = [];
  private readonly preview: Record<string, unknown>[] = [];
  private detected = false;

  constructor(
    private readonly onRow: (row: AppliedRow) => void,
    private readonly firstRows?: FirstRows,
  ) {}

  push(row: SheetRow): void {
    if (this.detected) return this.add(row);
    if (isEmptyRow(row.cells)) return;
    this.head.push(row);
    if (this.head.length === HEADER_SEARCH_ROWS) this.detect();
  }

  private detect(): void {
    this.detected = true;
    const detection = detectAppliedHeader(this.head.map((row) => row.cells));
    const headerRow = this.head[detection.headerRowIndex] as SheetRow;
    this.headers = detection.headers;
    this.keys = previewKeys(detection.headers);
    if (detection.missing.length) {
      this.errors.push({ row: headerRow.rowNumber, column: ISSUE_COLUMNS.header, type: 'HEADER', message: missingAppliedHeadersMessage(detection.missing) });
    } else {
      this.inspect = createAppliedValidator(detection.columns, this.firstRows);
    }
    for (const row of this.head.slice(detection.headerRowIndex + 1)) this.add(row);
    this.head.length = 0;
  }

  private add({ rowNumber, cells }: SheetRow): void {
    if (isEmptyRow(cells)) return;
    this.rowCount++;
    if (this.preview.length < PREVIEW_ROWS) {
      const entry: Record<string, unknown> = {};
      cells.forEach((value, index) => {
        if (index < this.keys.length || value !== null) entry[this.keys[index] ?? `Column ${columnName(index)}`] = value ?? null;
      });
      this.preview.push(entry);
    }
    if (!this.inspect) return;
    const { row, issues } = this.inspect(cells, rowNumber);
    for (const issue of issues) this.errors.push(issue);
    if (row) {
      this.good++;
      this.onRow(row);
    }
  }

  /** The result; a sheet with no row at all fails with one file-level error. */
  result(): AppliedValidation {
    if (!this.detected) {
      if (this.head.length === 0)
        return { headers: [], row_count: 0, rows: 0, errors: [{ row: null, column: FILE_COLUMN, type: 'HEADER', message: EMPTY_SHEET }], preview: [] };
      this.detect();
    }
    return { headers: this.headers, row_count: this.rowCount, rows: this.good, errors: this.errors, preview: this.preview };
  }
}
