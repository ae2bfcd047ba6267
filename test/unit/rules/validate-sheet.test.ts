import { describe, expect, it } from 'vitest';
import { validateSheet } from '#shared/rules/submission-rules.js';

const HEADER = ['Emp #', 'N.R.C', 'Start Date', 'End Date', 'Installment', 'Payee Key', 'First Name', 'Last Name'];
const inputs = { kind: 'inputs', month: '2026-03', payeeKey: 'a001' } as const;

describe('validateSheet', () => {
  it('numbers the first data row 2 under a header on row 1', () => {
    const result = validateSheet([HEADER, ['E1', '123456/78/9', '2026-03-01', '2026-03-31', '', 'A001']], inputs);
    expect(result).toMatchObject({ headerRowIndex: 0, rowCount: 1, warnings: [] });
    expect(result.errors).toEqual([{ row: 2, column: 'Amount', type: 'AMOUNT', message: 'Amount is required' }]);
  });

  it('numbers the first data row 4 under a header on row 3 with junk above', () => {
    const rows = [['Acme Bank', 'March inputs'], [], HEADER, ['', '123456/78/9', '2026-03-01', '2026-03-31', 100, 'A001']];
    const result = validateSheet(rows, inputs);
    expect(result.headerRowIndex).toBe(2);
    expect(result.errors).toEqual([{ row: 4, column: 'Employee No.', type: 'EMPLOYEE', message: 'Employee No. is required' }]);
  });

  it('drops empty rows without renumbering the rest', () => {
    const rows = [
      HEADER,
      ['E1', '123456/78/9', '2026-03-01', '2026-03-31', 100, 'A001'],
      [],
      ['', null, '  '],
      undefined,
      ['E2', '', '2026-03-01', '2026-03-31', 100, 'A001'],
    ];
    const result = validateSheet(rows, inputs);
    expect(result.rowCount).toBe(2);
    expect(result.warnings).toEqual([{ row: 6, column: 'NRC', type: 'NRC', message: 'NRC is empty' }]);
    expect(result.errors).toEqual([]);
  });

  it('puts NRC findings under warnings and the rest under errors', () => {
    const rows = [HEADER, ['E1', '123456/78/9', '2026-03-01', '2026-03-31', 100, 'A001'], ['E2', '123456789', '2026-03-02', '2026-03-31', 100, 'A001']];
    const result = validateSheet(rows, inputs);
    expect(result.warnings.map((issue) => issue.message)).toEqual(['Duplicate NRC in file (123456/78/9).']);
    expect(result.errors.map((issue) => [issue.row, issue.message])).toEqual([[3, 'Start Date must be 2026-03-01 (01 of submission month)']]);
  });

  it('returns the header cells, the column map and the ingested rows', () => {
    const rows = [HEADER, ['E1', ' 123456/78/9 ', 46082, '31/03/2026', 'ZMW 1,500.00', ' a001 ', 'Jane', 'Banda'], ['', '', '', '', '', 'A001']];
    const result = validateSheet(rows, inputs);
    expect(result.headers).toEqual(HEADER);
    expect(result.columns).toEqual({ employee_no: 0, nrc: 1, start_date: 2, end_date: 3, amount: 4, payee_key: 5, first_name: 6, last_name: 7 });
    expect(result.rowCount).toBe(2);
    expect(result.rowsParsed).toEqual([
      {
        employee_no: 'E1',
        nrc: '123456/78/9',
        start_date: '2026-03-01',
        end_date: '2026-03-31',
        installment_amount: 1500,
        amount: 1500,
        payee_key: 'A001',
        first_name: 'Jane',
        last_name: 'Banda',
      },
    ]);
  });

  it('reports missing headers once and skips the row checks', () => {
    const rows = [['Title'], ['EMP', 'NRC', 'START', 'AMOUNT'], ['E1', 'x', 'y', 'z'], ['E2', 'x', 'y', 'z']];
    const result = validateSheet(rows, { ...inputs, kind: 'stoppages' });
    expect(result).toMatchObject({ headerRowIndex: 1, rowCount: 2, warnings: [], rowsParsed: [] });
    expect(result.errors).toEqual([
      {
        row: 2,
        column: 'Headers',
        type: 'HEADER',
        message: 'Missing required headers: END DATE, PAYEE KEY (expected: EMPLOYEE NUMBER, START DATE, END DATE, INSTALLMENT, PAYEE KEY for inputs/stoppages)',
      },
    ]);
  });

  it('reports an empty sheet as missing every header on row 1', () => {
    const result = validateSheet([[], []], inputs);
    expect(result).toMatchObject({ headerRowIndex: -1, headers: [], rowCount: 0, warnings: [], rowsParsed: [] });
    expect(result.errors).toEqual([
      {
        row: 1,
        column: 'Headers',
        type: 'HEADER',
        message:
          'Missing required headers: EMPLOYEE NUMBER, START DATE, END DATE, INSTALLMENT, PAYEE KEY (expected: EMPLOYEE NUMBER, START DATE, END DATE, INSTALLMENT, PAYEE KEY for inputs/stoppages)',
      },
    ]);
  });

  it('validates a stoppages sheet', () => {
    const rows = [HEADER, ['E1', '123456/78/9', '2026-03-01', '2026-03-31', '0.00', 'A001'], ['E2', '222222/22/2', '2026-03-01', '2026-04-30', 10, 'A001']];
    const result = validateSheet(rows, { ...inputs, kind: 'stoppages' });
    expect(result.errors.map((issue) => [issue.row, issue.message])).toEqual([
      [3, 'End Date must be 2026-03-31 (last day of submission month)'],
      [3, 'Amount must be 0.00 for stoppages'],
    ]);
    expect(result.rowsParsed.map((row) => row.amount)).toEqual([0, 10]);
  });
});
