import { describe, expect, it } from 'vitest';
import { monthRepayment, repaymentRecord, type AppliedStatus, type AppliedWord, type MonthRepayment } from '#shared/rules/repayment.js';

/** How the payroll deducted a borrower's month across lenders, and the repayment record a lender reads. */
describe('monthRepayment', () => {
  it.each([
    ['every line in full', ['applied', 'applied'], 'in_full'],
    ['one lender short', ['applied', 'short'], 'short'],
    ['one lender got nothing, another in full', ['applied', 'not_applied'], 'short'],
    ['nothing on any line', ['not_applied', 'not_applied'], 'not_applied'],
    ['an UNEXPECTED deduction is no repayment', ['applied', 'unexpected'], 'in_full'],
    ['only UNEXPECTED: no word', ['unexpected'], null],
    ['no line: no word', [], null],
  ] as [string, AppliedStatus[], MonthRepayment | null][])('%s', (_name, statuses, expected) => {
    expect(monthRepayment(statuses)).toBe(expected);
  });
});

describe('repaymentRecord', () => {
  const w = (month: string, applied_status: AppliedStatus | null, rejected = false): AppliedWord => ({ month, applied_status, rejected });
  it.each([
    [
      'three months, two in full across lenders',
      [w('2026-05', 'applied'), w('2026-05', 'applied'), w('2026-04', 'short'), w('2026-03', 'applied')],
      { in_full: 2, reconciled: 3, months: ['in_full', 'short', 'in_full'] },
    ],
    [
      'a month without a payroll answer is not counted',
      [w('2026-05', null), w('2026-04', 'applied')],
      { in_full: 1, reconciled: 1, months: [null, 'in_full', null] },
    ],
    [
      'rows of a rejected file are left out',
      [w('2026-05', 'short', true), w('2026-05', 'applied')],
      { in_full: 1, reconciled: 1, months: ['in_full', null, null] },
    ],
    ['months outside the window are left out', [w('2026-01', 'applied'), w('2026-06', 'short')], { in_full: 0, reconciled: 0, months: [null, null, null] }],
  ] as [string, AppliedWord[], { in_full: number; reconciled: number; months: (MonthRepayment | null)[] }][])('%s', (_name, words, expected) => {
    const record = repaymentRecord(words, '2026-05', 3);
    expect(record.months.map((m) => m.month)).toEqual(['2026-05', '2026-04', '2026-03']);
    expect({ in_full: record.in_full, reconciled: record.reconciled, months: record.months.map((m) => m.repayment) }).toEqual(expected);
  });
});
