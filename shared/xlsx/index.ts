export { SpreadsheetError, type SpreadsheetErrorCode } from './errors.js';
export { readFirstSheet, DEFAULT_MAX_INFLATED_BYTES, DEFAULT_MAX_ROWS, type FirstSheetReader, type ReadOptions } from './read-first-sheet.js';
export type { CellValue, SheetRow } from './sheet-scanner.js';
export {
  fraudFlagsFor,
  validateSheetRows,
  validateWorkbook,
  FILE_COLUMN,
  PREVIEW_ROWS,
  type WorkbookValidation,
  type WorkbookValidationOptions,
} from './validate-workbook.js';
