import { describe, expect, it } from 'vitest';
import { AppliedIndex } from '#shared/rules/applied-index.js';
import type { AppliedRow } from '#shared/rules/applied.js';
import type { ScheduleLine } from '#shared/rules/payroll-schedule.js';
import { excessReason, reconcileByLender, reconcileOne } from '#shared/rules/reconciliation.js';

const asked = (amount: number) => ({ employee_no: 'E1', nrc: '100001/10/1', name: 'Mwila Banda', amount });
const taken = (amount: number, reason: AppliedRow['reason'] = null, payee_key = 'A001', employee_no = 'E1'): AppliedRow => ({
  payee_key,
  employee_no,
  nrc: '100001/10/1',
  amount,
  reason,
});

describe('reconcileOne', () => {
  it.each([
    ['in full', asked(250), taken(250), [['APPLIED', 250, 250, null]]],
    ['in full, to the ngwee', asked(0.3), taken(0.1 + 0.2), [['APPLIED', 0.3, 0.3, null]]],
    ['less, with the reason', asked(250), taken(100, 'INSUFFICIENT PAY'), [['SHORT', 250, 100, 'INSUFFICIENT PAY']]],
    ['nothing, with the reason', asked(250), taken(0, 'DECEASED'), [['NOT_APPLIED', 250, 0, 'DECEASED']]],
    ['not in the applied file', asked(250), null, [['NOT_APPLIED', 250, 0, null]]],
    [
      'more than asked: the excess unexpected',
      asked(250),
      taken(300),
      [
        ['APPLIED', 250, 250, null],
        ['UNEXPECTED', 0, 50, excessReason(250, 300)],
      ],
    ],
    ['deducted with no schedule line', null, taken(75), [['UNEXPECTED', 0, 75, null]]],
    ['nothing deducted and nothing asked', null, taken(0, 'OTHER'), []],
  ] as const)('%s', (_label, expected, applied, lines) => {
    expect(reconcileOne(expected, applied).map((l) => [l.status, l.expected, l.applied, l.reason])).toEqual(lines);
  });

  it('words the excess in ZMW', () => {
    expect(excessReason(100, 150.5)).toBe('ZMW 50.50 over the scheduled ZMW 100.00: nobody approved the excess.');
  });
});

/** The lines as a body's chunks hand them over: two at a time. */
async function* stream(lines: ScheduleLine[]) {
  for (let at = 0; at < lines.length; at += 2) yield lines.slice(at, at + 2);
}
const line = (payee_key: string, employee_no: string, amount: number): ScheduleLine => ({
  payee_key,
  employee_no,
  nrc: '100001/10/1',
  name: 'N',
  amount,
  start_date: '',
  end_date: '',
});

describe('reconcileByLender', () => {
  it('joins lender by lender, sums a lender’s lines of one employee, and ends with lenders the schedule does not name', async () => {
    const index = new AppliedIndex();
    for (const row of [taken(300, null, 'A001', 'e1'), taken(50, null, 'A001', 'E9'), taken(20, null, 'Z999', 'E1')]) index.add(row);
    const out = [];
    for await (const lender of reconcileByLender(
      stream([line('A001', 'E1', 100), line('A001', 'E1', 200), line('A001', 'E2', 10), line('B002', 'E1', 40)]),
      index,
    ))
      out.push(lender);
    expect(out.map((l) => [l.payee_key, l.expected_total, l.applied_total, l.counts])).toEqual([
      ['A001', 310, 350, { applied: 1, short: 0, not_applied: 1, unexpected: 1 }],
      ['B002', 40, 0, { applied: 0, short: 0, not_applied: 1, unexpected: 0 }],
      ['Z999', 0, 20, { applied: 0, short: 0, not_applied: 0, unexpected: 1 }],
    ]);
    expect(out[0]!.lines.map((l) => [l.employee_no, l.status])).toEqual([
      ['E1', 'APPLIED'],
      ['E2', 'NOT_APPLIED'],
      ['E9', 'UNEXPECTED'],
    ]);
    expect(index.payeeKeys()).toEqual([]);
  });

  it('puts deductions nobody asked for among the schedule’s lines by employee number, each excess after its line', async () => {
    const index = new AppliedIndex();
    for (const row of [taken(10, null, 'A001', 'E2'), taken(80, null, 'A001', 'E3'), taken(5, null, 'A001', 'E0'), taken(10, null, 'A001', 'E1')])
      index.add(row);
    const out = [];
    for await (const lender of reconcileByLender(stream([line('A001', 'E1', 10), line('A001', 'E3', 50), line('A001', 'E4', 1)]), index)) out.push(lender);
    expect(out[0]!.lines.map((l) => [l.employee_no, l.status, l.applied])).toEqual([
      ['E0', 'UNEXPECTED', 5],
      ['E1', 'APPLIED', 10],
      ['E2', 'UNEXPECTED', 10],
      ['E3', 'APPLIED', 50],
      ['E3', 'UNEXPECTED', 30],
      ['E4', 'NOT_APPLIED', 0],
    ]);
  });

  it('sorts a lender’s lines that came out of order by employee number, summing an employee’s lines apart from each other', async () => {
    const index = new AppliedIndex();
    for (const row of [taken(30, null, 'A001', 'E3'), taken(5, 'INSUFFICIENT PAY', 'A001', 'e1'), taken(7, null, 'A001', 'E2')]) index.add(row);
    const out = [];
    for await (const lender of reconcileByLender(
      stream([line('A001', 'E3', 10), line('A001', 'E1', 20), line('A001', ' e3', 20), line('A001', 'E4', 1)]),
      index,
    ))
      out.push(lender);
    expect(out[0]!.lines.map((l) => [l.employee_no, l.status, l.expected, l.applied, l.reason])).toEqual([
      ['E1', 'SHORT', 20, 5, 'INSUFFICIENT PAY'],
      ['E2', 'UNEXPECTED', 0, 7, null],
      ['E3', 'APPLIED', 30, 30, null],
      ['E4', 'NOT_APPLIED', 1, 0, null],
    ]);
    expect(out[0]!.unexpected.map((l) => l.employee_no)).toEqual(['E2']);
    expect([out[0]!.line_count, out[0]!.expected_total, out[0]!.applied_total]).toEqual([4, 51, 42]);
  });

  it('refuses a schedule whose payee keys are not grouped', async () => {
    const run = async () => {
      for await (const lender of reconcileByLender(stream([line('A001', 'E1', 1), line('B002', 'E1', 1), line('A001', 'E2', 1)]), new AppliedIndex()))
        void lender;
    };
    await expect(run()).rejects.toThrow('not sorted by payee key');
  });
});
