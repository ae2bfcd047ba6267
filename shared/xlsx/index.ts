export { SpreadsheetError, type SpreadsheetErrorCode } from './errors.js';
export { readFirstSheet } from './read-first-sheet.js';
export type { SheetRow } from './sheet-scanner.js';
export { fraudFlagsFor, validateWorkbook, FILE_COLUMN, type WorkbookValidation } from './validate-workbook.js';
