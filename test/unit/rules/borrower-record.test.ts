import { describe, expect, it } from 'vitest';
import { countedDeductions, exposureFrom, limitState, type Deduction, type LimitState } from '#shared/rules/borrower-record.js';

/** The one rule for what a borrower pays (the /history total, its record checks, the exposure signal) and where it stands against the limits. */
const d = (over: Partial<Deduction> & { id?: string }): Deduction & { id?: string } => ({
  payee_key: 'A001',
  month: '2026-05',
  kind: 'input',
  installment: 100,
  end_date: '2030-12-31',
  submitted_at: '2026-05-02T08:00:00.000Z',
  ...over,
});

describe('countedDeductions', () => {
  it.each([
    [
      'two loans at one lender in one file count as two deductions',
      [d({ id: 'a', installment: 300 }), d({ id: 'b', installment: 200 })],
      ['a', 'b'],
      { lenders: 1, total: 500 },
    ],
    [
      'a rejected file counts nothing; the lender’s earlier word counts',
      [d({ id: 'old', month: '2026-04', installment: 80 }), d({ id: 'rej', installment: 149, rejected: true })],
      ['old'],
      { lenders: 1, total: 80 },
    ],
    [
      'a rejected stoppage stops nothing',
      [d({ id: 'in', installment: 950, month: '2026-04' }), d({ id: 'stop', kind: 'stoppage', installment: 0, rejected: true })],
      ['in'],
      { lenders: 1, total: 950 },
    ],
    [
      'a stoppage as the latest word counts nothing',
      [d({ id: 'in', month: '2026-04' }), d({ id: 'stop', kind: 'stoppage', installment: 0 })],
      [],
      { lenders: 0, total: 0 },
    ],
    ['the lender’s latest month only', [d({ id: 'old', month: '2026-04' }), d({ id: 'new', installment: 50 })], ['new'], { lenders: 1, total: 50 }],
    ['older than the 3-month window counts nothing', [d({ id: 'x', month: '2026-02' })], [], { lenders: 0, total: 0 }],
    ['an ended loan counts nothing', [d({ id: 'x', month: '2026-03', end_date: '2026-04-30' })], [], { lenders: 0, total: 0 }],
    [
      'lenders are payee keys, summed in ngwee',
      [d({ id: 'a', installment: 0.1 }), d({ id: 'b', installment: 0.1 }), d({ id: 'c', payee_key: 'B002', installment: 0.1 })],
      ['a', 'b', 'c'],
      { lenders: 2, total: 0.3 },
    ],
    ['a month the payroll answered weighs what it deducted', [d({ id: 'x', installment: 300, applied: 200 })], ['x'], { lenders: 1, total: 200 }],
    ['nothing deducted weighs nothing, the lender still deducting', [d({ id: 'x', installment: 300, applied: 0 })], ['x'], { lenders: 1, total: 0 }],
    ['a month not yet answered weighs what was asked', [d({ id: 'x', installment: 300, applied: null })], ['x'], { lenders: 1, total: 300 }],
    [
      "an older month's deduction does not stand for the latest word",
      [d({ id: 'old', month: '2026-04', installment: 300, applied: 0 }), d({ id: 'new', installment: 300 })],
      ['new'],
      { lenders: 1, total: 300 },
    ],
  ] as [string, (Deduction & { id?: string })[], string[], { lenders: number; total: number }][])('%s', (_name, items, ids, exposure) => {
    const counted = countedDeductions(items, '2026-05');
    expect(counted.map((item) => (item as { id?: string }).id).sort()).toEqual([...ids].sort());
    expect(exposureFrom(counted)).toEqual(exposure);
  });
});

describe('limitState: the settings are the most allowed', () => {
  it.each([
    ['below both', { lenders: 1, total: 100 }, { max_lenders: 2, max_total: null }, 'within'],
    ['2 lenders with a limit of 2 are at the limit', { lenders: 2, total: 100 }, { max_lenders: 2, max_total: null }, 'at'],
    ['3 lenders with a limit of 2 are over it', { lenders: 3, total: 100 }, { max_lenders: 2, max_total: null }, 'over'],
    ['the amount exactly is at the limit', { lenders: 1, total: 500 }, { max_lenders: 4, max_total: 500 }, 'at'],
    ['a ngwee more is over it', { lenders: 1, total: 500.01 }, { max_lenders: 4, max_total: 500 }, 'over'],
    ['over one limit and at the other is over', { lenders: 4, total: 600 }, { max_lenders: 4, max_total: 500 }, 'over'],
  ] as [string, { lenders: number; total: number }, { max_lenders: number; max_total: number | null }, LimitState][])(
    '%s',
    (_name, exposure, limits, state) => {
      expect(limitState(exposure, limits)).toBe(state);
    },
  );
});
