import { describe, expect, it } from 'vitest';
import { borrowerChanges, lineText, parseLineText, SCHEDULE_MONTH, type ScheduleLine, scheduleCsvLine } from '#shared/rules/payroll-schedule.js';

const line = (amount: number, extra: Partial<ScheduleLine> = {}): ScheduleLine => ({
  payee_key: '1001',
  employee_no: 'E1',
  nrc: '123456/10/1',
  name: 'Mary Banda',
  amount,
  start_date: '2026-11-01',
  end_date: '2027-10-31',
  ...extra,
});

describe("one borrower's lines at one lender, before and now", () => {
  it.each<[string, ScheduleLine[], ScheduleLine[], { added: number; removed: number; changed: number }]>([
    ['the same line: nothing changed', [line(250)], [line(250)], { added: 0, removed: 0, changed: 0 }],
    ['a new borrower: added', [], [line(250)], { added: 1, removed: 0, changed: 0 }],
    ['a stopped borrower: removed', [line(250)], [], { added: 0, removed: 1, changed: 0 }],
    ['another installment: changed', [line(250)], [line(300)], { added: 0, removed: 0, changed: 1 }],
    ['another end date: changed', [line(250)], [line(250, { end_date: '2027-12-31' })], { added: 0, removed: 0, changed: 1 }],
    ['a second loan beside the first: added', [line(250)], [line(250), line(100)], { added: 1, removed: 0, changed: 0 }],
    ['one of two loans ended, the other changed', [line(250), line(100)], [line(120)], { added: 0, removed: 1, changed: 1 }],
    ['the same line twice before, once now: removed', [line(250), line(250)], [line(250)], { added: 0, removed: 1, changed: 0 }],
  ])('%s', (_name, before, now, expected) => {
    expect(borrowerChanges(before, now)).toEqual(expected);
  });
});

describe('a schedule line', () => {
  it.each([line(250), line(0.1), line(1234.56, { name: 'Chanda, Mwila "Junior"', employee_no: '', start_date: '' })])(
    'reads back from its sort text as it was (%#)',
    (l) => {
      expect(parseLineText(l.payee_key, lineText(l))).toEqual(l);
    },
  );

  it.each<[ScheduleLine, string]>([
    [line(250), 'E1,123456/10/1,Mary Banda,1001,250,2026-11-01,2027-10-31\r\n'],
    [line(99.999), 'E1,123456/10/1,Mary Banda,1001,100,2026-11-01,2027-10-31\r\n'],
    [line(10, { name: '=cmd|calc', employee_no: 'A,1' }), `"A,1",123456/10/1,'=cmd|calc,1001,10,2026-11-01,2027-10-31\r\n`],
  ])('is one CSV line in the payroll layout (%#)', (l, csv) => {
    expect(scheduleCsvLine(l)).toBe(csv);
  });

  it.each([
    ['2026-11', true],
    ['2010-01', true],
    ['2026-13', false],
    ['2026-00', false],
    ['26-11', false],
    ['2026-1', false],
    ['1999-12', false],
  ])('month %s is %s', (month, ok) => {
    expect(SCHEDULE_MONTH.test(month)).toBe(ok);
  });
});
