import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalRow } from '#shared/rules/canonical-row.js';
import { mapColumns } from '#shared/rules/headers.js';
import { createRowValidator } from '#shared/rules/submission-rules.js';

const columns = mapColumns(['EMPLOYEE NUMBER', 'NRC', 'START DATE', 'END DATE', 'INSTALLMENT', 'PAYEE KEY', 'FIRST NAME', 'LAST NAME']);
const ROW: readonly unknown[] = ['E001', '123456/78/9', '2026-03-01', '2026-12-31', '1,500.00', 'A001', 'Jane', 'Banda'];

function withCell(index: number, value: unknown): unknown[] {
  const row: unknown[] = [...ROW];
  row[index] = value;
  return row;
}

describe('canonicalRow', () => {
  it('builds the ingested payload', () => {
    expect(canonicalRow(ROW, columns)).toEqual({
      employee_no: 'E001',
      nrc: '123456/78/9',
      start_date: '2026-03-01',
      end_date: '2026-12-31',
      installment_amount: 1500,
      amount: 1500,
      payee_key: 'A001',
      first_name: 'Jane',
      last_name: 'Banda',
    });
  });

  it.each([
    ['nrc: spaces removed and upper-cased', 1, ' 123 456/78/9 ', { nrc: '123456/78/9' }],
    ['nrc: not reshaped', 1, '123456789', { nrc: '123456789' }],
    ['nrc: letters upper-cased', 1, 'ab 12', { nrc: 'AB12' }],
    ['nrc: blank is null', 1, '  ', { nrc: null }],
    ['employee_no: trimmed', 0, ' E001 ', { employee_no: 'E001' }],
    ['employee_no: a number as text', 0, 12345, { employee_no: '12345' }],
    ['employee_no: blank is null', 0, '', { employee_no: null }],
    ['start_date: an Excel serial', 2, 46082, { start_date: '2026-03-01' }],
    ['end_date: D/M/Y', 3, '31/12/26', { end_date: '2026-12-31' }],
    ['amount: currency and commas', 4, 'ZMW 1,234.50', { amount: 1234.5, installment_amount: 1234.5 }],
    ['amount: explicit zero', 4, '0.00', { amount: 0, installment_amount: 0 }],
    ['amount: a negative number', 4, -5, { amount: -5, installment_amount: -5 }],
    ['payee_key: trimmed and upper-cased', 5, ' a-001 ', { payee_key: 'A-001' }],
    ['payee_key: blank is null', 5, '', { payee_key: null }],
  ])('%s', (_name, index, value, expected) => {
    expect(canonicalRow(withCell(index, value), columns)).toMatchObject(expected);
  });

  it('leaves out blank names', () => {
    const row = canonicalRow(['E1', '', '2026-03-01', '2026-03-31', 1, 'A001', ' ', null], columns);
    expect(row).not.toHaveProperty('first_name');
    expect(row).not.toHaveProperty('last_name');
  });

  it('reads the 1904 date system when asked', () => {
    expect(canonicalRow(withCell(2, 44620), columns, { date1904: true })?.start_date).toBe('2026-03-01');
  });

  it.each([
    ['an NRC without an employee number', 0],
    ['an employee number without an NRC', 1],
  ])('keeps a row with %s', (_name, blankIndex) => {
    expect(canonicalRow(withCell(blankIndex, ''), columns)).not.toBeNull();
  });

  it.each([
    [
      'neither NRC nor employee number',
      [
        [0, ''],
        [1, ''],
      ],
    ],
    ['no start date', [[2, '']]],
    ['an invalid start date', [[2, '2026-02-30']]],
    ['no end date', [[3, null]]],
    ['a blank amount', [[4, '']]],
    ['a non-numeric amount', [[4, '(blank)']]],
  ] as const)('drops a row with %s', (_name, changes) => {
    const row: unknown[] = [...ROW];
    for (const [index, value] of changes) row[index] = value;
    expect(canonicalRow(row, columns)).toBeNull();
  });

  it('drops a row when the columns are absent', () => {
    expect(canonicalRow(ROW, { employee_no: 0 })).toBeNull();
  });
});

describe('RowValidator.inspect', () => {
  // The checks parse each row once and hand back the ingested row: it must be canonicalRow's answer,
  // with validate's issues, whatever the cells hold.
  const cell = fc.oneof(
    fc.constantFrom('', ' ', 'E001', '123456/78/9', '123456789', '2026-03-01', '2026-03-31', '31/12/26', '1,500.00', '0.00', 'ZMW 5', 'A001', 'a001', 'n/a'),
    fc.integer({ min: -100, max: 60_000 }),
    fc.double({ noNaN: true, min: -1e6, max: 1e6 }),
    fc.string({ maxLength: 12 }),
    fc.constant(null),
  );
  const rows = fc.array(fc.array(cell, { minLength: 8, maxLength: 8 }), { maxLength: 30 });

  it.each(['inputs', 'stoppages'] as const)('agrees with validate and canonicalRow (%s)', (kind) => {
    fc.assert(
      fc.property(rows, fc.boolean(), (sheet, date1904) => {
        const options = { kind, month: '2026-03', payeeKey: 'A001', date1904, columns };
        const inspector = createRowValidator(options);
        const validator = createRowValidator(options);
        sheet.forEach((cells, i) => {
          const inspection = inspector.inspect(i + 2, cells);
          expect(inspection.issues).toEqual(validator.validate(i + 2, cells));
          expect(inspection.row).toEqual(canonicalRow(cells, columns, { date1904 }));
          expect(inspection.duplicate).toBe(inspection.issues.some((issue) => issue.message.startsWith('Duplicate NRC in file')));
        });
      }),
    );
  });
});
