import { describe, expect, it } from 'vitest';
import { HEADER_ALIASES, HEADER_FIELDS, detectHeaderRow, headerField, mapColumns, missingHeadersMessage, normaliseHeader } from '#shared/rules/headers.js';

const HEADER = ['EMPLOYEE NUMBER', 'NRC', 'START DATE', 'END DATE', 'INSTALLMENT', 'PAYEE KEY', 'FIRST NAME', 'LAST NAME'];
const DATA = ['E001', '123456/78/9', '2026-03-01', '2026-12-31', '1500', 'A001', 'Jane', 'Banda'];

describe('normaliseHeader', () => {
  it.each([
    ['Emp #', 'EMP'],
    ['EMP#', 'EMP'],
    ['  Employee No. ', 'EMPLOYEENO'],
    ['stop_dt', 'STOPDT'],
    ['N.R.C', 'NRC'],
    ['Payee-Key', 'PAYEEKEY'],
    [42, '42'],
    [null, ''],
  ])('normalises %j to %j', (raw, expected) => {
    expect(normaliseHeader(raw)).toBe(expected);
  });
});

describe('headerField', () => {
  const every = HEADER_FIELDS.flatMap((field) => HEADER_ALIASES[field].map((alias) => [alias, field] as const));
  it.each(every)('knows the alias %j as %s', (alias, field) => {
    expect(headerField(alias)).toBe(field);
    expect(headerField(alias.toLowerCase())).toBe(field);
    expect(headerField(` ${alias.replace(/ /g, '_')}. `)).toBe(field);
  });

  it.each([
    ['Emp #', 'employee_no'],
    ['emp_id', 'employee_no'],
    ['Employee No.', 'employee_no'],
    ['Employee-ID', 'employee_no'],
    ['N.R.C. No', 'nrc'],
    ['Nat. ID', 'nrc'],
    ['ID #', 'nrc'],
    ['National-ID', 'nrc'],
    ['Start', 'start_date'],
    ['Deduction_Start', 'start_date'],
    ['Stop-Dt', 'end_date'],
    ['stop date', 'end_date'],
    ['Instalment', 'amount'],
    ['Deduction  Amount', 'amount'],
    ['Amt.', 'amount'],
    ['Payee-Key', 'payee_key'],
    ['Deduction Code', 'payee_key'],
    ['code:', 'payee_key'],
    ['First_Name', 'first_name'],
    ['last name', 'last_name'],
  ])('reads %j as %s', (header, field) => {
    expect(headerField(header)).toBe(field);
  });

  it.each(['Employee Name', 'Installment (ZMW)', 'Surname', 'Dates', 'NRC Status', 'Name', '', null])('reads %j as no field', (header) => {
    expect(headerField(header)).toBeNull();
  });
});

describe('mapColumns', () => {
  it('maps every field of the canonical header', () => {
    expect(mapColumns(HEADER)).toEqual({
      employee_no: 0,
      nrc: 1,
      start_date: 2,
      end_date: 3,
      amount: 4,
      payee_key: 5,
      first_name: 6,
      last_name: 7,
    });
  });

  it('prefers the more specific alias of a field over the leftmost column', () => {
    expect(mapColumns(['ID', 'Code', 'NRC', 'Value', 'Payee Key', 'Amount'])).toEqual({ nrc: 2, payee_key: 4, amount: 5 });
  });

  it('takes the leftmost of two columns with equally specific headers', () => {
    expect(mapColumns(['Amount', 'amount', 'EMP', 'Emp #'])).toEqual({ amount: 0, employee_no: 2 });
  });

  it('skips holes and non-text cells', () => {
    const row: unknown[] = [];
    row[3] = 'NRC';
    row[5] = 42;
    expect(mapColumns(row)).toEqual({ nrc: 3 });
  });
});

describe('detectHeaderRow', () => {
  it('finds a header on the first row', () => {
    const detection = detectHeaderRow([HEADER, DATA]);
    expect(detection).toMatchObject({ headerRowIndex: 0, headers: HEADER, missing: [] });
    expect(detection.columns.payee_key).toBe(5);
  });

  it('finds a header on row 3 below junk rows', () => {
    const rows = [['Acme Bank monthly inputs', '', 'Generated 2026-03-02'], ['Code', 'A001'], HEADER, DATA];
    expect(detectHeaderRow(rows)).toMatchObject({ headerRowIndex: 2, missing: [] });
  });

  it('finds aliases written with punctuation and in other cases', () => {
    const rows = [[], ['Emp #', 'N.R.C', 'start', 'Stop_Dt', 'Amt.', 'payee-code'], DATA];
    expect(detectHeaderRow(rows)).toMatchObject({
      headerRowIndex: 1,
      columns: { employee_no: 0, nrc: 1, start_date: 2, end_date: 3, amount: 4, payee_key: 5 },
      missing: [],
    });
  });

  it('picks the row naming the most required fields', () => {
    const rows = [['Code', 'Start'], ['EMP', 'START', 'END', 'AMOUNT'], HEADER];
    expect(detectHeaderRow(rows).headerRowIndex).toBe(2);
  });

  it('picks the earliest of equally good rows', () => {
    const rows = [['Title'], ['EMP', 'START'], ['END', 'AMOUNT'], ['Code', 'EMP']];
    expect(detectHeaderRow(rows)).toMatchObject({ headerRowIndex: 1, missing: ['end_date', 'amount', 'payee_key'] });
  });

  it('counts only rows with content towards the first 10', () => {
    const rows = [...Array.from({ length: 12 }, () => []), ...Array.from({ length: 9 }, (_, i) => [`junk ${i}`]), HEADER];
    expect(detectHeaderRow(rows).headerRowIndex).toBe(21);
  });

  it('does not look past the first 10 rows with content', () => {
    const rows = [...Array.from({ length: 10 }, (_, i) => [`junk ${i}`]), HEADER];
    expect(detectHeaderRow(rows)).toMatchObject({
      headerRowIndex: 0,
      headers: ['junk 0'],
      missing: ['employee_no', 'start_date', 'end_date', 'amount', 'payee_key'],
    });
  });

  it('reports the first row with content when nothing matches', () => {
    expect(detectHeaderRow([[null, '  '], ['a', 'b'], ['c']])).toMatchObject({ headerRowIndex: 1, headers: ['a', 'b'], columns: {} });
  });

  it.each([[[]], [[[], [''], null]]])('reports an empty sheet as index -1', (rows) => {
    expect(detectHeaderRow(rows)).toEqual({
      headerRowIndex: -1,
      headers: [],
      columns: {},
      missing: ['employee_no', 'start_date', 'end_date', 'amount', 'payee_key'],
    });
  });

  it('names the missing fields', () => {
    expect(detectHeaderRow([['EMPLOYEE NUMBER', 'NRC', 'START DATE', 'INSTALLMENT']]).missing).toEqual(['end_date', 'payee_key']);
  });

  // A row read from a file holds no empty cell after its last; one held in memory may: both name the same headers.
  it.each([
    [['E1', null], ['E1']],
    [['E1', '', '  ', null], ['E1']],
    [
      ['A', null, 'B', null],
      ['A', '', 'B'],
    ],
  ])('leaves out the blank cells after the header row’s last: %j', (row, headers) => {
    expect(detectHeaderRow([row]).headers).toEqual(headers);
  });
});

describe('missingHeadersMessage', () => {
  const tail = '(expected: EMPLOYEE NUMBER, START DATE, END DATE, INSTALLMENT, PAYEE KEY for inputs/stoppages)';
  it.each([
    [['payee_key'], `Missing required headers: PAYEE KEY ${tail}`],
    [['end_date', 'payee_key'], `Missing required headers: END DATE, PAYEE KEY ${tail}`],
    [
      ['employee_no', 'start_date', 'end_date', 'amount', 'payee_key'],
      'Missing required headers: EMPLOYEE NUMBER, START DATE, END DATE, INSTALLMENT, PAYEE KEY (expected: EMPLOYEE NUMBER, START DATE, END DATE, INSTALLMENT, PAYEE KEY for inputs/stoppages)',
    ],
  ] as const)('for %j', (missing, expected) => {
    expect(missingHeadersMessage(missing)).toBe(expected);
  });
});
