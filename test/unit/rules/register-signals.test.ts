import { describe, expect, it } from 'vitest';
import type { RecordEntry } from '#shared/rules/borrower-record.js';
import { joinThroughRegister, type RegisterEmployeeView, type RegisterMatch, registerSignals } from '#shared/rules/register-signals.js';
import type { Borrower, FileContext } from '#shared/rules/signals.js';

const ctx: FileContext = { kind: 'inputs', month: '2026-11', payeeKey: 'A001', limits: { max_lenders: 4, max_total: null } };
const employee = (n: number, over: Partial<RegisterEmployeeView> = {}): RegisterEmployeeView => ({
  nrc: `${100_000 + n}/10/1`,
  employee_number: `E${n}`,
  first_name: 'Mary',
  last_name: 'Banda',
  basic_pay: 1_000,
  ...over,
});
const borrower = (n: number, over: Partial<Borrower> = {}): Borrower => ({
  key: `NRC#${100_000 + n}101`,
  row: n + 1,
  nrc: `${100_000 + n}/10/1`,
  digits: `${100_000 + n}101`,
  employee_no: `E${n}`,
  name: 'Mary Banda',
  installment: 100,
  end_date: '2030-12-31',
  ...over,
});
const registerOf = (...employees: RegisterEmployeeView[]): RegisterMatch => ({
  month: '2026-11',
  byNrcDigits: new Map(employees.map((e) => [e.nrc.replace(/\D/g, ''), e])),
  byEmployeeNumber: new Map(employees.map((e) => [e.employee_number, e])),
});
/** Another lender's deduction on record for this borrower this month. */
const onRecord = (installment: number): RecordEntry[] => [
  {
    submission_id: 's1',
    payee_key: 'B002',
    month: '2026-11',
    kind: 'input',
    installment,
    end_date: '2030-12-31',
    employee_no: 'E1',
    name: 'Mary Banda',
    submitted_at: null,
  },
];

describe('registerSignals', () => {
  it.each<[string, Borrower, RegisterMatch, number | null, string[]]>([
    ['on the register, agreeing', borrower(1), registerOf(employee(1)), null, []],
    ['not on the register', borrower(1), registerOf(employee(2)), null, ['NOT_ON_PAYROLL']],
    [
      'no NRC, and an employee number the register lacks',
      borrower(1, { key: 'EMP#X', nrc: null, digits: '', employee_no: 'X' }),
      registerOf(employee(1)),
      null,
      ['NOT_ON_PAYROLL'],
    ],
    ['under another employee number', borrower(1, { employee_no: 'E9' }), registerOf(employee(1)), null, ['IDENTITY']],
    ['under another name', borrower(1, { name: 'Ruth Tembo' }), registerOf(employee(1)), null, ['IDENTITY']],
    ['the same name in another order and case', borrower(1, { name: 'BANDA mary' }), registerOf(employee(1)), null, []],
    ['past the share of basic pay', borrower(1, { installment: 401 }), registerOf(employee(1)), 40, ['AFFORDABILITY']],
    ['exactly at the share', borrower(1, { installment: 400 }), registerOf(employee(1)), 40, []],
    ['the share off', borrower(1, { installment: 900 }), registerOf(employee(1)), null, []],
    ['no basic pay on the register', borrower(1, { installment: 900 }), registerOf(employee(1, { basic_pay: null })), 40, []],
  ])('%s → %j', (_, who, register, share, types) => {
    expect(registerSignals(ctx, [who], register, new Map(), share).map((s) => s.type)).toEqual(types);
  });

  it("counts the other lenders' installments on record with the file's", () => {
    const records = new Map([[borrower(1).digits, onRecord(250)]]);
    const [found] = registerSignals(ctx, [borrower(1, { installment: 200 })], registerOf(employee(1)), records, 40);
    expect(found).toMatchObject({
      type: 'AFFORDABILITY',
      message: 'Installments across lenders come to ZMW 450.00 a month, more than 40% of the basic pay on the payroll register.',
      on_record: 'The basic pay on the payroll register is ZMW 1,000.00.',
    });
  });

  // What the lender reads says that something differs; the register's side is only in on_record.
  it.each<[string, Borrower, RegisterEmployeeView, { nrc: string | null; message: string; on_record: string }]>([
    [
      'another employee number',
      borrower(1, { employee_no: 'X0' }),
      employee(1),
      {
        nrc: '100001/10/1',
        message: "The employee number differs from the payroll register's.",
        on_record: 'The payroll register has NRC 100001/10/1 under employee number E1; this file has X0.',
      },
    ],
    [
      'another name',
      borrower(1, { name: 'Guess Name' }),
      employee(1, { first_name: 'Extra2', last_name: 'Person' }),
      {
        nrc: '100001/10/1',
        message: "The name differs from the payroll register's.",
        on_record: "The payroll register has 'Extra2 Person'; this file has 'Guess Name'.",
      },
    ],
    [
      'a row without an NRC, joined by employee number: its NRC is never named',
      borrower(1, { key: 'EMP#E1', nrc: null, digits: '', name: 'Guess Name' }),
      employee(1, { first_name: 'Extra2', last_name: 'Person' }),
      {
        nrc: null,
        message: "The name differs from the payroll register's.",
        on_record:
          "The payroll register has 'Extra2 Person'; this file has 'Guess Name'. This row has no NRC: it was checked as NRC 100001/10/1, the payroll register's for its employee number.",
      },
    ],
  ])('words %s without the register’s values', (_, filed, onRegister, expected) => {
    const register = registerOf(onRegister);
    const [found] = registerSignals(ctx, [joinThroughRegister(filed, register)], register, new Map(), null);
    expect(found).toMatchObject({ type: 'IDENTITY', ...expected });
    for (const value of [onRegister.nrc, onRegister.employee_number, onRegister.first_name, onRegister.last_name]) {
      if (value !== filed.employee_no && value !== filed.nrc) expect(found!.message).not.toContain(value);
    }
  });

  it('raises no NOT_ON_PAYROLL or AFFORDABILITY on a stoppages file', () => {
    const stoppages = { ...ctx, kind: 'stoppages' as const };
    expect(registerSignals(stoppages, [borrower(1, { installment: 900 }), borrower(2)], registerOf(employee(1)), new Map(), 10)).toEqual([]);
  });
});

describe('joinThroughRegister', () => {
  it("gives a row without an NRC the register's NRC for its employee number, its key unchanged", () => {
    const noNrc = borrower(1, { key: 'EMP#E1', nrc: null, digits: '' });
    expect(joinThroughRegister(noNrc, registerOf(employee(1)))).toMatchObject({ key: 'EMP#E1', nrc: '100001/10/1', digits: '100001101' });
    expect(joinThroughRegister(noNrc, registerOf(employee(2)))).toBe(noNrc);
    const withNrc = borrower(3);
    expect(joinThroughRegister(withNrc, registerOf(employee(1)))).toBe(withNrc);
  });

  it('then judges the joined row against the entry found by its employee number, naming the NRC only to reviewers', () => {
    const joined = joinThroughRegister(borrower(1, { key: 'EMP#E1', nrc: null, digits: '', installment: 600 }), registerOf(employee(1)));
    const register = { ...registerOf(employee(1)), byNrcDigits: new Map() };
    expect(registerSignals(ctx, [joined], register, new Map(), 50).map((s) => [s.type, s.nrc, s.on_record?.includes('100001/10/1')])).toEqual([
      ['AFFORDABILITY', null, true],
    ]);
  });
});
