import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { readFirstSheet, validateWorkbook } from '#shared/xlsx/index.js';
import { validateWorkbookStreamed } from '../../../lambdas/validation/stream-driver.js';
import {
  DECOY,
  DEDUCTIONS,
  DEDUCTIONS_EXPECTED,
  DEDUCTIONS_OPTIONS,
  serialOf,
  writeInline,
  writeWithExcelJs,
  writeWithSheetJs,
  type WriteOptions,
} from '../../fixtures/xlsx-fixtures.js';

const sheets = { 'March inputs': DEDUCTIONS, Decoy: DECOY };
const committed = (name: string) => new Uint8Array(readFileSync(new URL(`../../fixtures/xlsx/${name}`, import.meta.url)));

/** Every writer lenders use, in both date systems: each must read the same. */
const WRITERS: [string, (options: WriteOptions) => Uint8Array | Promise<Uint8Array>][] = [
  ['SheetJS, shared strings', (options) => writeWithSheetJs(sheets, { ...options, bookSST: true })],
  ['SheetJS, formula-string cells (t="str")', (options) => writeWithSheetJs(sheets, { ...options, bookSST: false })],
  ['exceljs', (options) => writeWithExcelJs(sheets, options)],
  ['inline strings', (options) => writeInline(sheets, options)],
  ['LibreOffice 7.4', (options) => committed(options.date1904 ? 'libreoffice-1904.xlsx' : 'libreoffice.xlsx')],
];

describe.each([false, true])('a deduction file with date1904 = %s', { timeout: 30_000 }, (date1904) => {
  it.each(WRITERS)('written by %s validates exactly as the rules say', async (_, write) => {
    // Prepare
    const file = await write({ date1904 });
    // Act
    const result = validateWorkbook(file, DEDUCTIONS_OPTIONS);
    // Assess
    expect(readFirstSheet(file).date1904).toBe(date1904);
    expect(result).toMatchObject(DEDUCTIONS_EXPECTED);
    // The Lambda and the CLI inflate with Node's zlib, the browser with fflate: the same answer either way.
    const streamed = await validateWorkbookStreamed(file, DEDUCTIONS_OPTIONS);
    expect(streamed).toEqual(result);
    expect([...streamed.rowsOf(new Set(streamed.nrcs))]).toEqual([...result.rowsOf(new Set(result.nrcs))]);
    expect(result.preview).toHaveLength(4);
    expect(result.preview[0]).toEqual({
      'EMPLOYEE NUMBER': 'E001',
      NRC: '123456/78/9',
      'START DATE': '2026-03-01',
      'END DATE': '2026-03-31',
      INSTALLMENT: 1500,
      'PAYEE KEY': 'A001',
      'FIRST NAME': 'Jane',
      'LAST NAME': 'Banda',
    });
    expect([...result.rowsOf(new Set(result.nrcs))]).toEqual([
      ['123456/78/9', [4, 8]],
      ['234567/89/1', [6]],
      ['345678/90/1', [7]],
    ]);
  });

  it.each(WRITERS)('written by %s keeps date cells as serials of its own date system', async (_, write) => {
    const rows = [...readFirstSheet(await write({ date1904 })).rows];
    const first = rows.find((row) => row.rowNumber === 4);
    expect(first?.cells.slice(2, 4)).toEqual([serialOf('2026-03-01', date1904), serialOf('2026-03-31', date1904)]);
    expect(rows.map((row) => row.rowNumber).filter((n) => n > 3)).toEqual(expect.arrayContaining([4, 6, 7, 8]));
  });
});

describe('dates in other time zones', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each(['Pacific/Kiritimati', 'America/Los_Angeles', 'Africa/Lusaka'])('gives the same calendar dates in %s', (timeZone) => {
    const file = writeInline(sheets);
    process.env.TZ = timeZone;
    expect(validateWorkbook(file, DEDUCTIONS_OPTIONS).rows.map((row) => [row.start_date, row.end_date])).toEqual(
      DEDUCTIONS_EXPECTED.rows.map((row) => [row.start_date, row.end_date]),
    );
  });
});
