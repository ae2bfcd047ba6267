import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateSheet } from '#shared/rules/submission-rules.js';
import { fraudFlagsFor, validateWorkbook } from '#shared/xlsx/index.js';
import { generateInputsWorkbook } from '../../../bench/fixtures.js';
import { DEDUCTIONS, HEADER, serialOf, writeInline, writeWithSheetJs, type Table, type TableCell } from '../../fixtures/xlsx-fixtures.js';

const stoppages = { kind: 'stoppages', month: '2026-03', payeeKey: 'A001' } as const;
const inputs = { kind: 'inputs', month: '2026-03', payeeKey: 'A001' } as const;
const START = serialOf('2026-03-01');
const END = serialOf('2026-03-31');

describe('validateWorkbook', () => {
  it('checks a stoppages file with the stoppage rules and spreadsheet row numbers', () => {
    // Prepare
    const file = writeInline({
      Stoppages: [
        ['PMEC stoppages'],
        [],
        [],
        HEADER,
        ['E1', '123456/78/9', START, END, 0, 'A001'],
        ['E2', '223456/78/9', START, serialOf('2026-04-30'), 150, 'A001'],
        ['E3', '323456/78/9', START, END, '', 'A001'],
      ],
    });
    // Act
    const result = validateWorkbook(file, stoppages);
    // Assess
    expect(result.errors).toEqual([
      { row: 6, column: 'End Date', type: 'END_DATE', message: 'End Date must be 2026-03-31 (last day of submission month)' },
      { row: 6, column: 'Amount', type: 'AMOUNT', message: 'Amount must be 0.00 for stoppages' },
      { row: 7, column: 'Amount', type: 'AMOUNT', message: 'Amount must be explicitly 0.00 for stoppages' },
    ]);
    expect(result).toMatchObject({ headers_found: true, row_count: 3, warnings: [] });
    expect(result.rows.map((row) => row.employee_no)).toEqual(['E1', 'E2']);
  });

  it('reports missing headers once, on the best candidate row, and still counts the rows', () => {
    const file = writeInline({ S: [['Title'], ['EMP NO', 'NRC', 'START', 'AMOUNT'], ['E1', '123456789', START, 5], ['E2', '123456789', START, 5]] });
    const result = validateWorkbook(file, inputs);
    expect(result.errors).toEqual([
      {
        row: 2,
        column: 'Headers',
        type: 'HEADER',
        message:
          'Missing required headers: EMPLOYEE NUMBER, END DATE, PAYEE KEY (expected: EMPLOYEE NUMBER, START DATE, END DATE, INSTALLMENT, PAYEE KEY for inputs/stoppages)',
      },
    ]);
    expect(result).toMatchObject({ headers_found: false, headers: ['EMP NO', 'NRC', 'START', 'AMOUNT'], row_count: 2, warnings: [], nrcs: ['123456/78/9'] });
  });

  it('previews the first 20 data rows under their headers, dates written YYYY-MM-DD', () => {
    const header = ['EMPLOYEE NUMBER', '', 'START DATE', 'END DATE', 'INSTALLMENT', 'PAYEE KEY', 'NRC', 'NRC'];
    const rows: Table = Array.from({ length: 25 }, (_, i) => [
      `E${i}`,
      'x',
      START,
      'not a date',
      i + 1,
      'A001',
      `1234${String(i).padStart(2, '0')}/78/9`,
      null,
      null,
      'extra',
    ]);
    const result = validateWorkbook(writeInline({ S: [header, ...rows] }), inputs);
    expect(result.preview).toHaveLength(20);
    expect(result.preview[0]).toEqual({
      'EMPLOYEE NUMBER': 'E0',
      'Column B': 'x',
      'START DATE': '2026-03-01',
      'END DATE': 'not a date',
      INSTALLMENT: 1,
      'PAYEE KEY': 'A001',
      NRC: '123400/78/9',
      'NRC (2)': null,
      'Column J': 'extra',
    });
    expect(result.row_count).toBe(25);
  });

  it('lists distinct NRCs for the registry and turns registry hits into FRAUD flags on every row', () => {
    const result = validateWorkbook(writeWithSheetJs({ S: DEDUCTIONS }), inputs);
    expect(result.nrcs).toEqual(['123456/78/9', '234567/89/1', '345678/90/1']);
    expect(fraudFlagsFor(result, new Set(['123456/78/9', '999999/99/9']))).toEqual([
      { row: 4, column: 'NRC', type: 'FRAUD', message: 'NRC 123456/78/9 is on the fraud/scam registry' },
      { row: 8, column: 'NRC', type: 'FRAUD', message: 'NRC 123456/78/9 is on the fraud/scam registry' },
    ]);
  });

  it('skips the canonical rows when asked, for the CLI', () => {
    const result = validateWorkbook(writeWithSheetJs({ S: DEDUCTIONS }), { ...inputs, collectRows: false });
    expect(result.rows).toEqual([]);
    expect(result.row_count).toBe(4);
  });

  it('refuses a malformed month as a programming error, before reading', () => {
    expect(() => validateWorkbook(new Uint8Array(0), { ...inputs, month: '2026-13' })).toThrow(RangeError);
  });

  it('finds no fault in the benchmark generator’s valid file', () => {
    const result = validateWorkbook(generateInputsWorkbook({ rows: 500, month: '2026-03', payeeKey: 'A001' }), inputs);
    expect(result).toMatchObject({ headers_found: true, row_count: 500, errors: [], warnings: [] });
    expect(result.rows).toHaveLength(500);
    expect(result.nrcs).toHaveLength(500);
  });
});

const CELLS: TableCell[] = [
  null,
  '',
  ' ',
  'E1',
  '00123',
  '123456/78/9',
  '123456789',
  '12345/78/9',
  START,
  END,
  serialOf('2026-04-15'),
  '2026-03-01',
  '31/03/2026',
  0,
  1500,
  'ZMW 1,234.50',
  '-5',
  'A001',
  ' a001 ',
  'B002',
  'x & <y>',
];
const cell = fc.constantFrom(...CELLS);
const dataRow = fc.array(cell, { minLength: 0, maxLength: 9 });
const table = fc
  .tuple(fc.array(dataRow, { maxLength: 4 }), fc.shuffledSubarray(HEADER, { minLength: 3 }), fc.array(dataRow, { maxLength: 12 }))
  .map(([above, header, below]): Table => [...above, header, ...below])
  .filter((rows) => rows.some((row) => row.some((value) => value !== null && String(value).trim() !== '')));

describe('validateWorkbook streamed from a file', () => {
  it('agrees with validateSheet over the same rows held in memory', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(table, fc.constantFrom(inputs, stoppages), (rows, options) => {
        const streamed = validateWorkbook(writeInline({ S: rows }), options);
        const held = validateSheet(rows, options);
        expect(streamed).toMatchObject({
          headers: held.headers,
          row_count: held.rowCount,
          errors: held.errors,
          warnings: held.warnings,
          rows: held.rowsParsed,
        });
      }),
      { numRuns: 100 },
    );
  });
});
