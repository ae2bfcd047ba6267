import { describe, expect, it } from 'vitest';
import { appliedMark, type AppliedLine } from '#data/history/applied-marks.js';
import { foldApplied } from '#data/history/applied-read.js';
import type { StoredHistoryItem } from '#data/history/entries-read.js';

/** What the payroll applied, as marks on borrower history and folded onto the deductions when read. */
const M = '2026-10';
const line = (over: Partial<AppliedLine>): AppliedLine => ({
  employee_no: 'e1',
  nrc: '123456/10/1',
  name: 'Mwila Banda',
  expected: 300,
  applied: 300,
  status: 'APPLIED',
  reason: null,
  payee_key: 'A001',
  org_name: 'Lender A',
  ...over,
});
const mark = (over: Partial<AppliedLine>) => appliedMark(line(over), M, 'upload-1', '2026-10-30T10:00:00.000Z')!;
const row = (over: Partial<StoredHistoryItem>): StoredHistoryItem => ({
  nrc: '123456/10/1',
  month: M,
  first_name: 'Mwila',
  last_name: 'Banda',
  start_date: `${M}-01`,
  end_date: null,
  installment: 300,
  payee_key: 'A001',
  kind: 'input',
  org_name: 'Lender A',
  submitted_at: null,
  dispute: null,
  submission_id: 's1',
  employee_no: 'E1',
  without_nrc: false,
  ...over,
});

describe('appliedMark', () => {
  it('keys a schedule line beside the input and an UNEXPECTED line as its own entry, in ngwee', () => {
    expect(mark({ applied: 200.5, status: 'SHORT', reason: 'INSUFFICIENT PAY' })).toMatchObject({
      pk: 'NRC#123456101',
      sk: `${M}#A001#applied#E1`,
      applied: 20050,
      expected: 30000,
      applied_status: 'short',
      applied_reason: 'INSUFFICIENT PAY',
      applied_upload: 'upload-1',
    });
    expect(mark({ expected: 0, applied: 75, status: 'UNEXPECTED' }).sk).toBe(`${M}#A001#unexpected#E1`);
    expect(appliedMark(line({ nrc: '12/3' }), M, 'upload-1', '')).toBeNull();
  });
});

describe('foldApplied', () => {
  it.each([
    ['a line in full on its one row', [row({})], [mark({})], [[300, 'applied']], 0],
    ['a short line', [row({})], [mark({ applied: 120, status: 'SHORT' })], [[120, 'short']], 0],
    [
      'two loans of one employee number share the line in file order',
      [row({ installment: 200 }), row({ installment: 100 })],
      [mark({ applied: 250, status: 'SHORT' })],
      [
        [200, 'short'],
        [50, 'short'],
      ],
      0,
    ],
    ['a row filed without an employee number takes its lender’s one line', [row({ employee_no: null })], [mark({})], [[300, 'applied']], 0],
    ['another lender’s line stays apart, an entry of its own', [row({})], [mark({ payee_key: 'B002' })], [[undefined, undefined]], 1],
    ['a stoppage takes no line', [row({ kind: 'stoppage', installment: 0 })], [mark({})], [[undefined, undefined]], 1],
    ['an UNEXPECTED line is always an entry', [row({})], [mark({}), mark({ expected: 0, applied: 50, status: 'UNEXPECTED' })], [[300, 'applied']], 1],
  ] as [string, StoredHistoryItem[], ReturnType<typeof mark>[], [number | undefined, string | undefined][], number][])(
    '%s',
    (_name, items, marks, expected, entries) => {
      const folded = foldApplied(items, marks);
      expect(folded.items.map((item) => [item.applied, item.applied_status])).toEqual(expected);
      expect(folded.entries).toHaveLength(entries);
    },
  );
});
