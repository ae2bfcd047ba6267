import { isEmptyRow } from '../rules/cells.js';
import { HEADER_SEARCH_ROWS } from '../rules/headers.js';
import { ISSUE_COLUMNS, type Issue } from '../rules/issues.js';
import { maskMobile, normaliseMobile } from '../rules/mobile.js';
import { detectRegisterHeader, missingRegisterHeadersMessage } from '../rules/register-columns.js';
import { createRegisterValidator, type RegisterEmployee } from '../rules/register.js';
import { PREVIEW_ROWS, columnName, previewKeys } from './row-collector.js';
import type { CellValue, SheetRow } from './sheet-scanner.js';
import { FILE_COLUMN } from './validate-workbook.js';

const EMPTY_REGISTER = 'The first sheet of this workbook is empty. Put the employees, under their header row, on the first sheet and try again.';

/** What validating a payroll register keeps: its issues (every one an error), the preview (mobiles masked) and counts. */
export interface RegisterValidation {
  headers: string[];
  /** Non-empty rows below the header. */
  row_count: number;
  /** Rows without an error: the employees the register will hold. */
  employees: number;
  errors: Issue[];
  preview: Record<string, unknown>[];
}

/** A mobile as the preview shows it: masked when it is one, dots when it is not (never the digits a person typed). */
const maskedCell = (value: CellValue): CellValue => {
  if (value === null || value === undefined || value === '') return value;
  const mobile = normaliseMobile(value);
  return mobile ? maskMobile(mobile) : '•••';
};

/**
 * The register rules (shared/rules/register.ts) over one sheet, fed a row at a time as the streaming reader
 * inflates it: the first 10 non-empty rows are held until the header row is found (the one header detector,
 * with the register's aliases), then each row is checked, each good employee handed to `onEmployee`, and dropped.
 */
export class RegisterSheetValidation {
  private readonly head: SheetRow[] = [];
  private inspect: ReturnType<typeof createRegisterValidator> | null = null;
  private keys: string[] = [];
  private mobileColumn: number | undefined;
  private headers: string[] = [];
  private rowCount = 0;
  private employees = 0;
  private readonly errors: Issue[] = [];
  private readonly preview: Record<string, unknown>[] = [];
  private detected = false;

  constructor(private readonly onEmployee: (employee: RegisterEmployee, rowNumber: number) => void) {}

  push(row: SheetRow): void {
    if (this.detected) return this.add(row);
    if (isEmptyRow(row.cells)) return;
    this.head.push(row);
    if (this.head.length === HEADER_SEARCH_ROWS) this.detect();
  }

  private detect(): void {
    this.detected = true;
    const detection = detectRegisterHeader(this.head.map((row) => row.cells));
    const headerRow = this.head[detection.headerRowIndex] as SheetRow;
    this.headers = detection.headers;
    this.keys = previewKeys(detection.headers);
    this.mobileColumn = detection.columns.mobile;
    if (detection.missing.length) {
      this.errors.push({ row: headerRow.rowNumber, column: ISSUE_COLUMNS.header, type: 'HEADER', message: missingRegisterHeadersMessage(detection.missing) });
    } else {
      this.inspect = createRegisterValidator(detection.columns);
    }
    for (const row of this.head.slice(detection.headerRowIndex + 1)) this.add(row);
    this.head.length = 0;
  }

  private add({ rowNumber, cells }: SheetRow): void {
    if (isEmptyRow(cells)) return;
    this.rowCount++;
    if (this.preview.length < PREVIEW_ROWS) this.preview.push(this.previewOf(cells));
    if (!this.inspect) return;
    const { employee, issues } = this.inspect(cells, rowNumber);
    for (const issue of issues) this.errors.push(issue);
    if (employee) {
      this.employees++;
      this.onEmployee(employee, rowNumber);
    }
  }

  private previewOf(cells: readonly CellValue[]): Record<string, unknown> {
    const entry: Record<string, unknown> = {};
    const width = Math.max(this.keys.length, cells.length);
    for (let index = 0; index < width; index++) {
      const value = cells[index] ?? null;
      if (index >= this.keys.length && value === null) continue;
      entry[this.keys[index] ?? `Column ${columnName(index)}`] = index === this.mobileColumn ? maskedCell(value) : value;
    }
    return entry;
  }

  /** The result; a sheet with no row at all fails with one file-level error. */
  result(): RegisterValidation {
    if (!this.detected) {
      if (this.head.length === 0)
        return { headers: [], row_count: 0, employees: 0, errors: [{ row: null, column: FILE_COLUMN, type: 'HEADER', message: EMPTY_REGISTER }], preview: [] };
      this.detect();
    }
    return { headers: this.headers, row_count: this.rowCount, employees: this.employees, errors: this.errors, preview: this.preview };
  }
}
