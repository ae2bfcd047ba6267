import { describe, expect, it } from 'vitest';
import { readFirstSheet, SpreadsheetError, validateWorkbook, type SpreadsheetErrorCode } from '#shared/xlsx/index.js';
import { DEFAULT_MAX_ROWS } from '#shared/xlsx/read-first-sheet.js';
import { validateWorkbookStreamed } from '../../../lambdas/validation/stream-driver.js';
import { DEDUCTIONS_OPTIONS } from '../../fixtures/xlsx-fixtures.js';
import {
  cutSheetXml,
  emptySheet,
  encryptedWorkbook,
  manyRows,
  noSheets,
  odsLike,
  oldXls,
  randomBytes,
  scrambledSheet,
  truncatedWorkbook,
  zipBomb,
  zipWithoutWorkbook,
} from '../../fixtures/xlsx-hostile.js';

const MESSAGES = {
  notXlsx: 'This file is not a valid .xlsx workbook. Save it from Excel as "Excel Workbook (.xlsx)" and try again.',
  encrypted: 'This workbook is password-protected. Remove the password in Excel and upload it again.',
  corrupt: 'This workbook is damaged or incomplete and cannot be read. Open it in Excel, save it again as "Excel Workbook (.xlsx)" and try again.',
  tooLarge: 'The workbook expands to more than 1,024 MB, which is more than a deduction file should. Check the file and try again.',
  tooManyRows: 'The sheet has more than 1,500,000 rows. Split it into smaller files.',
};

/** Reads the whole sheet; returns the SpreadsheetError it ends with. */
function failure(data: Uint8Array, options?: Parameters<typeof readFirstSheet>[1]): SpreadsheetError {
  try {
    for (const _ of readFirstSheet(data, options).rows);
  } catch (error) {
    if (error instanceof SpreadsheetError) return error;
    throw error;
  }
  throw new Error('The file was read without an error.');
}

function expectFileError(data: Uint8Array, code: SpreadsheetErrorCode, message: string | RegExp) {
  const error = failure(data);
  expect(error.code).toBe(code);
  expect(error.message).toMatch(message);
  const result = validateWorkbook(data, DEDUCTIONS_OPTIONS);
  expect(result).toMatchObject({ headers_found: false, headers: [], row_count: 0, warnings: [], rows: [], nrcs: [], file_error: code });
  expect(result.errors).toEqual([{ row: null, column: 'File', type: 'HEADER', message: error.message }]);
}

describe('files that cannot be read', () => {
  it.each([
    ['random bytes', () => randomBytes(4096), 'not_xlsx', MESSAGES.notXlsx],
    ['an empty file', () => new Uint8Array(0), 'not_xlsx', /^The file is empty\./],
    ['a CSV file', () => new TextEncoder().encode('EMPLOYEE NUMBER,NRC\nE1,123456/78/9\n'), 'not_xlsx', MESSAGES.notXlsx],
    ['a password-protected workbook', encryptedWorkbook, 'encrypted', MESSAGES.encrypted],
    ['an old .xls workbook', oldXls, 'not_xlsx', /old Excel 97–2003 workbook \(\.xls\).*save it as "Excel Workbook \(\.xlsx\)"/],
    ['a zip without xl/workbook.xml', zipWithoutWorkbook, 'not_xlsx', MESSAGES.notXlsx],
    ['an OpenDocument spreadsheet', odsLike, 'not_xlsx', /OpenDocument spreadsheet \(\.ods\)/],
    ['a truncated upload', () => truncatedWorkbook(0.6), 'corrupt', MESSAGES.corrupt],
    ['an archive cut before its directory ends', () => truncatedWorkbook(0.995), 'corrupt', MESSAGES.corrupt],
    ['scrambled compressed data', scrambledSheet, 'corrupt', MESSAGES.corrupt],
    ['sheet XML that stops inside <sheetData>', cutSheetXml, 'corrupt', MESSAGES.corrupt],
    ['a workbook listing no sheet', noSheets, 'no_sheet', /no worksheet/],
  ] as const)('%s gives one clear file-level error', async (_, build, code, message) => {
    const data = build();
    expectFileError(data, code, message);
    // The Lambda and the CLI read with Node's native zlib: the same answer.
    expect(await validateWorkbookStreamed(data, DEDUCTIONS_OPTIONS)).toEqual(validateWorkbook(data, DEDUCTIONS_OPTIONS));
  });

  it('a zip bomb stops at the declared size before inflating anything', { timeout: 30_000 }, async () => {
    const bomb = await zipBomb();
    expectFileError(bomb, 'too_large', MESSAGES.tooLarge);
    expect(await validateWorkbookStreamed(bomb, DEDUCTIONS_OPTIONS)).toMatchObject({ file_error: 'too_large' });
  });

  it('a zip bomb that understates its size stops while inflating, at the byte limit', { timeout: 240_000 }, async () => {
    // Prepare
    const bomb = await zipBomb({ lie: true });
    // Act
    const small = failure(bomb, { maxInflatedBytes: 8 << 20 });
    // Assess
    expect(bomb.length).toBeLessThan(2 << 20);
    expect(small).toMatchObject({ code: 'too_large', message: /more than 8 MB/ });
    expect(validateWorkbook(bomb, DEDUCTIONS_OPTIONS)).toMatchObject({
      file_error: 'too_large',
      errors: [{ row: null, column: 'File', message: MESSAGES.tooLarge }],
    });
    expect(await validateWorkbookStreamed(bomb, { ...DEDUCTIONS_OPTIONS, maxInflatedBytes: 8 << 20 })).toMatchObject({
      file_error: 'too_large',
      errors: [{ message: /more than 8 MB/ }],
    });
  });

  it('more than 1,500,000 rows is refused; a sheet at the limit is read', { timeout: 240_000 }, async () => {
    const tooMany = manyRows(DEFAULT_MAX_ROWS + 1);
    expect(await validateWorkbookStreamed(tooMany, DEDUCTIONS_OPTIONS)).toMatchObject({ file_error: 'too_many_rows', row_count: 0 });
    expect(validateWorkbook(tooMany, DEDUCTIONS_OPTIONS)).toMatchObject({
      file_error: 'too_many_rows',
      row_count: 0,
      errors: [{ row: null, column: 'File', type: 'HEADER', message: MESSAGES.tooManyRows }],
    });
    expect(failure(manyRows(11), { maxRows: 10 })).toMatchObject({
      code: 'too_many_rows',
      message: 'The sheet has more than 10 rows. Split it into smaller files.',
    });
    expect([...readFirstSheet(manyRows(10), { maxRows: 10 }).rows]).toHaveLength(10);
  });
});

describe('files that are read but hold nothing to check', () => {
  it('an empty sheet gives one file-level error and no crash', () => {
    const result = validateWorkbook(emptySheet(), DEDUCTIONS_OPTIONS);
    expect(result).toMatchObject({ headers_found: false, row_count: 0, file_error: null });
    expect(result.errors).toEqual([
      { row: null, column: 'File', type: 'HEADER', message: expect.stringMatching(/^The first sheet of this workbook is empty\./) },
    ]);
  });

  it('a sheet without a header row gives the spec’s missing-headers error on its first row', () => {
    const result = validateWorkbook(manyRows(20), DEDUCTIONS_OPTIONS);
    expect(result.headers_found).toBe(false);
    expect(result.errors).toEqual([
      {
        row: 1,
        column: 'Headers',
        type: 'HEADER',
        message:
          'Missing required headers: EMPLOYEE NUMBER, START DATE, END DATE, INSTALLMENT, PAYEE KEY (expected: EMPLOYEE NUMBER, START DATE, END DATE, INSTALLMENT, PAYEE KEY for inputs/stoppages)',
      },
    ]);
    expect(result.row_count).toBe(19);
  });
});
