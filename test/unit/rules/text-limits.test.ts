import { describe, expect, it } from 'vitest';
import { mapColumns } from '#shared/rules/headers.js';
import { createRowValidator, validateSheet } from '#shared/rules/submission-rules.js';
import { TEXT_LIMITS } from '#shared/rules/text-limits.js';
import { validateWorkbook } from '#shared/xlsx/index.js';
import { HEADER, serialOf, writeInline } from '../../fixtures/xlsx-fixtures.js';

const SHEET_HEADER = HEADER;
const columns = mapColumns(SHEET_HEADER);
const options = { kind: 'inputs', month: '2026-03', payeeKey: 'A001' } as const;
const good = ['E001', '123456/78/9', '2026-03-01', '2026-03-31', '1,500.00', 'A001', 'Jane', 'Banda'];
const row = (changes: Record<number, unknown>) => good.map((cell, i) => (i in changes ? changes[i] : cell));
const lengthIssues = (cells: unknown[]) =>
  createRowValidator({ ...options, columns })
    .validate(2, cells)
    .filter((issue) => issue.type === 'LENGTH');

describe('stored text limits', () => {
  it('chooses limits far above real values and far below what fills a shared item', () => {
    expect(TEXT_LIMITS).toEqual({ employee_no: 20, nrc: 20, payee_key: 20, first_name: 100, last_name: 100 });
  });

  it('passes every column at its limit, however it is padded', () => {
    expect(lengthIssues(row({ 0: 'E'.repeat(20), 6: ` ${'J'.repeat(100)} `, 7: 'B'.repeat(100) }))).toEqual([]);
    // Spaces inside an NRC are not stored, so they do not count.
    expect(lengthIssues(row({ 1: '123456 / 78 / 9        ' }))).toEqual([]);
  });

  it('refuses each column one character over its limit with an error naming the limit', () => {
    const issues = lengthIssues(row({ 0: 'E'.repeat(21), 1: '1'.repeat(21), 5: 'A'.repeat(21), 6: 'J'.repeat(101), 7: 'B'.repeat(5_000) }));
    expect(issues).toEqual([
      { row: 2, column: 'Employee No.', type: 'LENGTH', message: 'Employee No. must be at most 20 characters (it has 21)' },
      { row: 2, column: 'NRC', type: 'LENGTH', message: 'NRC must be at most 20 characters (it has 21)' },
      { row: 2, column: 'Payee Key', type: 'LENGTH', message: 'Payee Key must be at most 20 characters (it has 21)' },
      { row: 2, column: 'First Name', type: 'LENGTH', message: 'First Name must be at most 100 characters (it has 101)' },
      { row: 2, column: 'Last Name', type: 'LENGTH', message: 'Last Name must be at most 100 characters (it has 5000)' },
    ]);
  });

  it('makes an over-long name an error that blocks the file, in the sheet check and the workbook reader alike', () => {
    const long = 'N'.repeat(200_000);
    const sheet = validateSheet([SHEET_HEADER, row({ 6: long })], options);
    expect(sheet.errors).toEqual([{ row: 2, column: 'First Name', type: 'LENGTH', message: 'First Name must be at most 100 characters (it has 200000)' }]);
    const file = writeInline({ Deductions: [HEADER, ['E1', '123456/78/9', serialOf('2026-03-01'), serialOf('2026-03-31'), 100, 'A001', long, 'Banda']] });
    expect(validateWorkbook(file, options).errors).toEqual(sheet.errors);
  });
});
