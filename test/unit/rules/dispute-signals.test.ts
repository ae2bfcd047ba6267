import { describe, expect, it } from 'vitest';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { borrowersOf, disputeSignals, SIGNAL_MESSAGES, tally, type FileContext, type UpheldDispute } from '#shared/rules/signals.js';

/** DISPUTED: an upheld dispute raises a signal on the lender's later inputs files for that borrower. */

const row = (nrc: string | null, employee_no = 'E1'): CanonicalRow => ({
  employee_no,
  nrc,
  start_date: '2026-01-01',
  end_date: '2027-12-31',
  installment_amount: 250,
  amount: 250,
  payee_key: 'A001',
  first_name: 'Mary',
  last_name: 'Banda',
});
const ctx = (over: Partial<FileContext> = {}): FileContext => ({
  kind: 'inputs',
  month: '2026-05',
  payeeKey: 'A001',
  limits: { max_lenders: 4, max_total: null },
  ...over,
});
const NRC = '123456/78/9';
const on = (disputes: UpheldDispute[]) => new Map([['123456789', disputes]]);

describe('disputed deductions', () => {
  it.each([
    ['an upheld dispute of this payee key in an earlier month', ctx(), [{ payee_key: 'A001', month: '2026-03' }], ['2026-03']],
    ['one of the same month (a resubmission)', ctx(), [{ payee_key: 'A001', month: '2026-05' }], ['2026-05']],
    [
      'several: the latest month is named, once',
      ctx(),
      [
        { payee_key: 'A001', month: '2026-02' },
        { payee_key: 'A001', month: '2026-04' },
      ],
      ['2026-04'],
    ],
    ['another lender’s dispute', ctx(), [{ payee_key: 'B002', month: '2026-03' }], []],
    ['a dispute of a later month than the file', ctx(), [{ payee_key: 'A001', month: '2026-06' }], []],
    ['a stoppages file', ctx({ kind: 'stoppages' }), [{ payee_key: 'A001', month: '2026-03' }], []],
    ['no dispute on record', ctx(), [], []],
  ] as const)('%s', (_name, context, disputes, months) => {
    const file = borrowersOf([row(NRC)], [2]);
    const signals = disputeSignals(context, file.values(), on([...disputes]));
    expect(signals).toEqual(
      months.map((month) => ({ row: 2, type: 'DISPUTED', nrc: NRC, employee_no: 'E1', message: SIGNAL_MESSAGES.disputed(NRC, 'A001', month) })),
    );
  });

  it('leaves a borrower without an NRC alone, and counts what it raises', () => {
    const file = borrowersOf([row(null, 'E9'), row(NRC)], [2, 3]);
    const signals = disputeSignals(ctx(), file.values(), on([{ payee_key: 'A001', month: '2026-03' }]));
    expect(signals.map((s) => s.row)).toEqual([3]);
    expect(tally(signals, 0)).toMatchObject({ disputed: 1, identity: 0 });
  });
});
