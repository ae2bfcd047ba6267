import { describe, expect, it } from 'vitest';
import { firstDayOfMonth, lastDayOfMonth } from '#shared/rules/dates.js';
import { mapColumns } from '#shared/rules/headers.js';
import { createRowValidator, type SubmissionKind } from '#shared/rules/submission-rules.js';

const HEADER = ['EMPLOYEE NUMBER', 'NRC', 'START DATE', 'END DATE', 'INSTALLMENT', 'PAYEE KEY', 'FIRST NAME', 'LAST NAME'];
const columns = mapColumns(HEADER);
type Fields = Partial<Record<'employee_no' | 'nrc' | 'start_date' | 'end_date' | 'amount' | 'payee_key', unknown>>;

function goodRow(kind: SubmissionKind, month: string): Required<Fields> {
  return {
    employee_no: 'E001',
    nrc: '123456/78/9',
    start_date: firstDayOfMonth(month),
    end_date: lastDayOfMonth(month),
    amount: kind === 'inputs' ? '1,500.00' : '0.00',
    payee_key: 'A001',
  };
}

function cells(fields: Required<Fields>): unknown[] {
  return [fields.employee_no, fields.nrc, fields.start_date, fields.end_date, fields.amount, fields.payee_key, 'Jane', 'Banda'];
}

/** The messages of one row: the kind's good row with the given fields changed. */
function messages(kind: SubmissionKind, changes: Fields, month = '2026-03', payeeKey = 'A001'): string[] {
  const validator = createRowValidator({ kind, month, payeeKey, columns });
  return validator.validate(2, cells({ ...goodRow(kind, month), ...changes })).map((issue) => issue.message);
}

const KINDS = ['inputs', 'stoppages'] as const;

describe('createRowValidator', () => {
  it.each(KINDS)('passes a good %s row', (kind) => {
    expect(messages(kind, {})).toEqual([]);
  });

  describe('Employee No.', () => {
    it.each(
      KINDS.flatMap((kind) => [
        [kind, '', ['Employee No. is required']],
        [kind, '   ', ['Employee No. is required']],
        [kind, null, ['Employee No. is required']],
        [kind, 'E001', []],
        [kind, 12345, []],
      ]),
    )('%s: %j gives %j', (kind, value, expected) => {
      expect(messages(kind, { employee_no: value })).toEqual(expected);
    });
  });

  describe('Payee Key', () => {
    it.each(
      KINDS.flatMap((kind) => [
        [kind, 'A001', 'A001', []],
        [kind, ' a001 ', 'A001', []],
        [kind, 'A 001', 'A001', []],
        [kind, 'A001', ' a001 ', []],
        [kind, 'A-0.0_1', 'a-0.0_1', []],
        [kind, '', 'A001', ['Payee Key is required']],
        [kind, null, 'A001', ['Payee Key is required']],
        [kind, '###', 'A001', ['Payee Key is required']],
        [kind, 'A002', 'A001', ["Payee Key 'A002' does not match entered code 'A001'"]],
        [kind, ' b001 ', ' a001 ', ["Payee Key 'B001' does not match entered code 'A001'"]],
        [kind, 'A0011', 'A001', ["Payee Key 'A0011' does not match entered code 'A001'"]],
      ]),
    )('%s: row %j against entered %j gives %j', (kind, value, entered, expected) => {
      expect(messages(kind, { payee_key: value }, '2026-03', entered)).toEqual(expected);
    });
  });

  describe('NRC (warnings)', () => {
    it.each(
      KINDS.flatMap((kind) => [
        [kind, '123456/78/9', []],
        [kind, '12345678/90/1', []],
        [kind, '123456789', []],
        [kind, 123456789, []],
        [kind, ' 123456 / 78 / 9 ', []],
        [kind, '', ['NRC is empty']],
        [kind, null, ['NRC is empty']],
        [kind, '12345/67/8', ['NRC should be like 123456/78/9 (6–8 digits / 2 / 1).']],
        [kind, '12345678', ['NRC should be like 123456/78/9 (6–8 digits / 2 / 1).']],
        [kind, '123456-78-9', ['NRC should be like 123456/78/9 (6–8 digits / 2 / 1).']],
        [kind, 'abc', ['NRC should be like 123456/78/9 (6–8 digits / 2 / 1).']],
      ]),
    )('%s: %j gives %j', (kind, value, expected) => {
      expect(messages(kind, { nrc: value })).toEqual(expected);
    });

    it.each(KINDS)('%s: flags a duplicate NRC on its second and third occurrence, comparing normalised NRCs', (kind) => {
      const validator = createRowValidator({ kind, month: '2026-03', payeeKey: 'A001', columns });
      const good = goodRow(kind, '2026-03');
      const issues = [
        validator.validate(2, cells({ ...good, nrc: '123456/78/9' })),
        validator.validate(3, cells({ ...good, nrc: '222222/22/2' })),
        validator.validate(4, cells({ ...good, nrc: '123456789' })),
        validator.validate(5, cells({ ...good, nrc: ' 123456 / 78 / 9' })),
      ];
      const duplicate = { column: 'NRC', type: 'NRC', message: 'Duplicate NRC in file (123456/78/9).' };
      expect(issues).toEqual([[], [], [{ row: 4, ...duplicate }], [{ row: 5, ...duplicate }]]);
    });

    it('flags a malformed NRC both as malformed and as a duplicate', () => {
      const validator = createRowValidator({ kind: 'inputs', month: '2026-03', payeeKey: 'A001', columns });
      const row = { ...goodRow('inputs', '2026-03'), nrc: '12345' };
      validator.validate(2, cells(row));
      expect(validator.validate(3, cells({ ...row, amount: '250' })).map((issue) => issue.message)).toEqual([
        'NRC should be like 123456/78/9 (6–8 digits / 2 / 1).',
        'Duplicate NRC in file (12345).',
      ]);
    });
  });

  describe('exact repeats', () => {
    const good = goodRow('inputs', '2026-03');
    const loan = { ...good, nrc: '123456/78/9', amount: '400' };
    const repeat = (row: number, first: number) => ({
      row,
      column: 'Row',
      type: 'REPEAT',
      message: `Row ${row} repeats row ${first} exactly: it is counted once`,
    });
    const duplicate = (row: number) => ({ row, column: 'NRC', type: 'NRC', message: 'Duplicate NRC in file (123456/78/9).' });
    it.each([
      ['a row equal in every cell is a repeat, kept once', [loan, loan], [null, repeat(3, 2)]],
      ['spaces around a cell do not make a row different', [loan, { ...loan, employee_no: ` ${String(loan.employee_no)} ` }], [null, repeat(3, 2)]],
      ['the same NRC with another amount is a second loan', [loan, { ...loan, amount: '250' }], [null, duplicate(3)]],
      [
        'a repeat of the second of two loans names that row',
        [loan, { ...loan, amount: '250' }, { ...loan, amount: '250' }],
        [null, duplicate(3), repeat(4, 3)],
      ],
      [
        'rows without an NRC repeat by every cell too',
        [
          { ...loan, nrc: '' },
          { ...loan, nrc: '' },
        ],
        [null, repeat(3, 2)],
      ],
      [
        'rows without an NRC for another employee stay two',
        [
          { ...loan, nrc: '' },
          { ...loan, nrc: '', employee_no: 'E-2' },
        ],
        [null, null],
      ],
    ] as const)('%s', (_, rows, expected) => {
      const validator = createRowValidator({ kind: 'inputs', month: '2026-03', payeeKey: 'A001', columns });
      const found = rows.map((row, i) => {
        const inspection = validator.inspect(i + 2, cells(row));
        const issue = inspection.issues.find((x) => x.type === 'REPEAT' || x.message.startsWith('Duplicate NRC')) ?? null;
        expect(inspection.row === null).toBe(inspection.repeatOf !== null);
        return issue;
      });
      expect(found).toEqual(expected);
    });
  });

  describe('Start Date', () => {
    const accepted: unknown[] = [
      '2026-03-01',
      '2026/03/01',
      '2026.03.01',
      '01/03/2026',
      '01-03-2026',
      '01.03.2026',
      '01/03/26',
      '1 March 2026',
      'Mar 1, 2026',
      46082,
      new Date(Date.UTC(2026, 2, 1)),
    ];
    it.each(KINDS.flatMap((kind) => accepted.map((value) => [kind, value] as const)))('%s: accepts %j', (kind, value) => {
      expect(messages(kind, { start_date: value })).toEqual([]);
    });

    it.each(
      KINDS.flatMap((kind) => [
        [kind, '2026-03', '', 'Start Date is required/invalid'],
        [kind, '2026-03', null, 'Start Date is required/invalid'],
        [kind, '2026-03', 'next month', 'Start Date is required/invalid'],
        [kind, '2026-03', '2026-02-30', 'Start Date is required/invalid'],
        [kind, '2026-03', '2026-03-02', 'Start Date must be 2026-03-01 (01 of submission month)'],
        [kind, '2026-03', '2026-02-01', 'Start Date must be 2026-03-01 (01 of submission month)'],
        [kind, '2026-03', '2026-04-01', 'Start Date must be 2026-03-01 (01 of submission month)'],
        [kind, '2026-03', '01/01/2026', 'Start Date must be 2026-03-01 (01 of submission month)'],
        [kind, '2027-01', '2026-12-01', 'Start Date must be 2027-01-01 (01 of submission month)'],
        [kind, '2026-12', '2027-01-01', 'Start Date must be 2026-12-01 (01 of submission month)'],
      ]),
    )('%s in %s: %j gives %j', (kind, month, value, expected) => {
      expect(messages(kind, { start_date: value }, month)).toEqual([expected]);
    });
  });

  describe('End Date for inputs', () => {
    it.each([
      ['2026-03', '2026-03-31'],
      ['2026-03', '2026-04-30'],
      ['2026-03', '2027-02-28'],
      ['2026-03', '2028-02-29'],
      ['2026-03', '31/03/2026'],
      ['2026-03', 46112],
      ['2026-02', '2026-02-28'],
      ['2024-02', '2024-02-29'],
      ['2026-04', '2026-04-30'],
      ['2026-12', '2026-12-31'],
      ['2026-12', '2027-01-31'],
    ])('in %s accepts %j', (month, value) => {
      expect(messages('inputs', { end_date: value }, month)).toEqual([]);
    });

    it.each([
      ['2026-03', '', ['End Date is required/invalid']],
      ['2026-03', 'never', ['End Date is required/invalid']],
      ['2026-03', '2026-04-31', ['End Date is required/invalid']],
      ['2026-03', '2027-02-29', ['End Date is required/invalid']],
      ['2026-03', '2026-03-30', ['End Date must be the last day of a month']],
      ['2026-03', '2026-06-15', ['End Date must be the last day of a month']],
      ['2026-02', '2026-02-27', ['End Date must be the last day of a month']],
      ['2024-02', '2024-02-28', ['End Date must be the last day of a month']],
      ['2026-04', '2026-04-29', ['End Date must be the last day of a month']],
      ['2026-03', '2026-02-28', ['End Date must be the last day of the submission month (2026-03-31) or a future month']],
      ['2026-04', '2026-03-31', ['End Date must be the last day of the submission month (2026-04-30) or a future month']],
      ['2024-03', '2024-02-29', ['End Date must be the last day of the submission month (2024-03-31) or a future month']],
      ['2027-01', '2026-12-31', ['End Date must be the last day of the submission month (2027-01-31) or a future month']],
      [
        '2026-03',
        '2026-01-15',
        ['End Date must be the last day of a month', 'End Date must be the last day of the submission month (2026-03-31) or a future month'],
      ],
    ])('in %s: %j gives %j', (month, value, expected) => {
      expect(messages('inputs', { end_date: value }, month)).toEqual(expected);
    });
  });

  describe('End Date for stoppages', () => {
    it.each([
      ['2026-03', '2026-03-31'],
      ['2026-03', '31.03.2026'],
      ['2026-03', 'March 31, 2026'],
      ['2026-02', '2026-02-28'],
      ['2024-02', '2024-02-29'],
      ['2026-04', '2026-04-30'],
      ['2026-12', '2026-12-31'],
      ['2027-01', '2027-01-31'],
    ])('in %s accepts %j', (month, value) => {
      expect(messages('stoppages', { end_date: value }, month)).toEqual([]);
    });

    it.each([
      ['2026-03', '', 'End Date is required/invalid'],
      ['2026-04', '2026-04-31', 'End Date is required/invalid'],
      ['2026-02', '2026-02-29', 'End Date is required/invalid'],
      ['2026-03', '2026-03-30', 'End Date must be 2026-03-31 (last day of submission month)'],
      ['2026-03', '2026-04-30', 'End Date must be 2026-03-31 (last day of submission month)'],
      ['2026-03', '2026-02-28', 'End Date must be 2026-03-31 (last day of submission month)'],
      ['2024-02', '2024-02-28', 'End Date must be 2024-02-29 (last day of submission month)'],
      ['2026-04', '2026-04-29', 'End Date must be 2026-04-30 (last day of submission month)'],
      ['2026-12', '2027-01-31', 'End Date must be 2026-12-31 (last day of submission month)'],
      ['2027-01', '2026-12-31', 'End Date must be 2027-01-31 (last day of submission month)'],
    ])('in %s: %j gives %j', (month, value, expected) => {
      expect(messages('stoppages', { end_date: value }, month)).toEqual([expected]);
    });
  });

  describe('Amount', () => {
    it.each([
      ['1500', []],
      [1500, []],
      [0.01, []],
      ['ZMW 1,234.50', []],
      [' K 500 ', []],
      ['', ['Amount is required']],
      [null, ['Amount is required']],
      ['(blank)', ['Amount is required']],
      ['abc', ['Amount is required']],
      ['0', ['Amount must be > 0']],
      [0, ['Amount must be > 0']],
      ['ZMW 0.00', ['Amount must be > 0']],
      ['-5', ['Amount must be > 0']],
      ['(100.00)', ['Amount must be > 0']],
    ])('inputs: %j gives %j', (value, expected) => {
      expect(messages('inputs', { amount: value })).toEqual(expected);
    });

    it.each([
      ['0.00', []],
      ['0', []],
      [0, []],
      ['ZMW 0.00', []],
      [' K 0 ', []],
      ['', ['Amount must be explicitly 0.00 for stoppages']],
      [null, ['Amount must be explicitly 0.00 for stoppages']],
      ['(blank)', ['Amount must be explicitly 0.00 for stoppages']],
      ['none', ['Amount must be explicitly 0.00 for stoppages']],
      ['0.01', ['Amount must be 0.00 for stoppages']],
      ['ZMW 1,234.50', ['Amount must be 0.00 for stoppages']],
      [-1, ['Amount must be 0.00 for stoppages']],
    ])('stoppages: %j gives %j', (value, expected) => {
      expect(messages('stoppages', { amount: value })).toEqual(expected);
    });
  });

  it.each([
    [
      'inputs',
      [
        { row: 7, column: 'Employee No.', type: 'EMPLOYEE', message: 'Employee No. is required' },
        { row: 7, column: 'Payee Key', type: 'PAYEE_KEY', message: "Payee Key 'X9' does not match entered code 'A001'" },
        { row: 7, column: 'NRC', type: 'NRC', message: 'NRC should be like 123456/78/9 (6–8 digits / 2 / 1).' },
        { row: 7, column: 'Start Date', type: 'START_DATE', message: 'Start Date is required/invalid' },
        { row: 7, column: 'End Date', type: 'END_DATE', message: 'End Date must be the last day of a month' },
        { row: 7, column: 'End Date', type: 'END_DATE', message: 'End Date must be the last day of the submission month (2026-03-31) or a future month' },
        { row: 7, column: 'Amount', type: 'AMOUNT', message: 'Amount is required' },
      ],
    ],
    [
      'stoppages',
      [
        { row: 7, column: 'Employee No.', type: 'EMPLOYEE', message: 'Employee No. is required' },
        { row: 7, column: 'Payee Key', type: 'PAYEE_KEY', message: "Payee Key 'X9' does not match entered code 'A001'" },
        { row: 7, column: 'NRC', type: 'NRC', message: 'NRC should be like 123456/78/9 (6–8 digits / 2 / 1).' },
        { row: 7, column: 'Start Date', type: 'START_DATE', message: 'Start Date is required/invalid' },
        { row: 7, column: 'End Date', type: 'END_DATE', message: 'End Date must be 2026-03-31 (last day of submission month)' },
        { row: 7, column: 'Amount', type: 'AMOUNT', message: 'Amount must be explicitly 0.00 for stoppages' },
      ],
    ],
  ] as const)('%s: reports every failing rule of a row, in column order', (kind, expected) => {
    const validator = createRowValidator({ kind, month: '2026-03', payeeKey: 'A001', columns });
    expect(validator.validate(7, ['', '1234', 'soon', '2026-01-15', '', 'x9'])).toEqual(expected);
  });

  it.each([[[]], [['', '  ', null]], [[undefined, undefined]]])('ignores the empty row %j', (row) => {
    const validator = createRowValidator({ kind: 'inputs', month: '2026-03', payeeKey: 'A001', columns });
    expect(validator.validate(2, row)).toEqual([]);
  });

  it.each(['2026-3', '2026-13', 'March', ''])('refuses the submission month %j', (month) => {
    expect(() => createRowValidator({ kind: 'inputs', month, payeeKey: 'A001', columns })).toThrow('Month must be in YYYY-MM format.');
  });

  it('reads Excel serials of the 1904 system when asked', () => {
    const validator = createRowValidator({ kind: 'stoppages', month: '2026-03', payeeKey: 'A001', columns, date1904: true });
    expect(validator.validate(2, ['E1', '123456/78/9', 44620, 44650, 0, 'A001'])).toEqual([]);
  });

  it('streams 250,000 rows keeping only the NRCs seen', () => {
    const validator = createRowValidator({ kind: 'inputs', month: '2026-03', payeeKey: 'A001', columns });
    let issues = 0;
    for (let i = 0; i < 250_000; i++) {
      const nrc = `${String(100_000 + (i % 200_000)).padStart(6, '0')}/11/1`;
      issues += validator.validate(i + 2, [`E${i}`, nrc, 46082, 46112, 1500, 'A001']).length;
    }
    expect(issues).toBe(50_000);
  }, 30_000);
});
