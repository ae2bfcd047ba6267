import { describe, expect, it } from 'vitest';
import { exposureOf, exceedsLimit, nameKey, type EmployeeEntry, type RecordEntry } from '#shared/rules/borrower-record.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { issuesCsv } from '#shared/rules/csv.js';
import { borrowerKey, borrowersOf, computeSignals, exposureSignals, noSignalsText, SIGNAL_MESSAGES, type SignalInput } from '#shared/rules/signals.js';

/** Deduction signals: each rule and message, table-driven. */

const row = (nrc: string | null, installment: number, extra: Partial<CanonicalRow> = {}): CanonicalRow => ({
  employee_no: 'E1',
  nrc,
  start_date: '2026-01-01',
  end_date: '2027-12-31',
  installment_amount: installment,
  amount: installment,
  payee_key: 'A001',
  first_name: 'Mary',
  last_name: 'Banda',
  ...extra,
});
const entry = (fields: Partial<RecordEntry>): RecordEntry => ({
  submission_id: 'sub-x',
  payee_key: 'B002',
  month: '2026-03',
  kind: 'input',
  installment: 100,
  end_date: '2027-12-31',
  employee_no: 'E1',
  name: 'Mary Banda',
  submitted_at: '2026-03-02T08:00:00.000Z',
  ...fields,
});

const base = (over: Partial<SignalInput>): SignalInput => ({
  kind: 'inputs',
  month: '2026-03',
  payeeKey: 'A001',
  rows: [],
  rowNumbers: [],
  previous: [],
  stopped: [],
  records: new Map(),
  employees: new Map(),
  limits: { max_lenders: 4, max_total: null },
  ...over,
});
const run = (over: Partial<SignalInput>) => computeSignals(base({ rowNumbers: (over.rows ?? []).map((_, i) => i + 2), ...over }));

describe('reconciliation of an inputs file with the previous month', () => {
  it.each([
    ['NEW: not deducted in M−1', [row('111111/11/1', 100)], [], [], { new: 1 }, [[2, 'NEW', SIGNAL_MESSAGES.newDeduction('111111/11/1', 'A001', '2026-02')]]],
    ['CONTINUING: same installment, counted not listed', [row('111111/11/1', 100)], [row('111111111', 100)], [], { continuing: 1 }, []],
    [
      'CHANGED: another installment',
      [row('111111/11/1', 150)],
      [row('111111/11/1', 100)],
      [],
      { changed: 1 },
      [[2, 'CHANGED', 'Installment changed from 100.00 to 150.00 since 2026-02.']],
    ],
    [
      'MISSING: running in M−1, absent, not stopped',
      [],
      [row('222222/22/2', 50, { first_name: 'John', last_name: 'Phiri' })],
      [],
      { missing: 1 },
      [[null, 'MISSING', 'Deduction for 222222/22/2 (John Phiri) in 2026-02 is missing in 2026-03 and has no stoppage.']],
    ],
    ['not MISSING: its end date passed before M began', [], [row('222222/22/2', 50, { end_date: '2026-02-28' })], [], {}, []],
    [
      'MISSING still: its end date is the first day of M',
      [],
      [row('222222/22/2', 50, { end_date: '2026-03-01' })],
      [],
      { missing: 1 },
      [[null, 'MISSING', expect.any(String)]],
    ],
    ['not MISSING: stopped in M−1 or M', [], [row('222222/22/2', 50)], [row('222222/22/2', 0)], {}, []],
    [
      'NEW after a stoppage: a stopped borrower is not running',
      [row('222222/22/2', 50)],
      [row('222222/22/2', 50)],
      [row('222222/22/2', 0)],
      { new: 1 },
      [[2, 'NEW', expect.any(String)]],
    ],
    [
      'a borrower without NRC is keyed by employee number',
      [row(null, 80, { employee_no: 'E9' })],
      [row(null, 80, { employee_no: 'E9' })],
      [],
      { continuing: 1 },
      [],
    ],
    [
      'NEW names a borrower without NRC by employee number',
      [row(null, 80, { employee_no: 'E9' })],
      [],
      [],
      { new: 1 },
      [[2, 'NEW', 'New deduction: employee E9 had no deduction by A001 in 2026-02.']],
    ],
    [
      'several rows of one borrower compare as their sum',
      [row('111111/11/1', 60), row('111111/11/1', 40)],
      [row('111111/11/1', 100)],
      [],
      { continuing: 1 },
      [],
    ],
    ['amounts compare in ngwee, not floating point', [row('111111/11/1', 0.1), row('111111/11/1', 0.2)], [row('111111/11/1', 0.3)], [], { continuing: 1 }, []],
  ])('%s', (_name, rows, previous, stopped, counts, expected) => {
    const report = run({ rows, previous, stopped });
    expect(report.counts).toEqual({
      new: 0,
      changed: 0,
      continuing: 0,
      missing: 0,
      identity: 0,
      exposure: 0,
      stoppage_unknown: 0,
      disputed: 0,
      not_on_payroll: 0,
      affordability: 0,
      no_mandate: 0,
      left_service: 0,
      ...counts,
    });
    expect(report.signals.map((s) => [s.row, s.type, s.message])).toEqual(expected);
  });

  it('says when the payee key had no inputs for M−1, and every row is NEW', () => {
    const report = run({ rows: [row('111111/11/1', 100), row('333333/33/3', 10)], previous: null });
    expect(report.baseline).toEqual({ month: '2026-02', found: false });
    expect(report.counts.new).toBe(2);
    expect(run({ rows: [], previous: [] }).baseline).toEqual({ month: '2026-02', found: true });
  });

  it('puts MISSING (no row) after the rows, and the others in row order', () => {
    const report = run({ rows: [row('111111/11/1', 1), row('333333/33/3', 2)], previous: [row('999999/99/9', 5)] });
    expect(report.signals.map((s) => [s.row, s.type])).toEqual([
      [2, 'NEW'],
      [3, 'NEW'],
      [null, 'MISSING'],
    ]);
  });

  it('compares January with December of the year before', () => {
    expect(run({ month: '2027-01', rows: [row('111111/11/1', 1)] }).signals[0]?.message).toBe(SIGNAL_MESSAGES.newDeduction('111111/11/1', 'A001', '2026-12'));
  });
});

describe('reconciliation of a stoppages file', () => {
  it.each([
    ['known in M−1: nothing', [row('111111/11/1', 0)], [row('111111/11/1', 100)], 0],
    ['not deducted in M−1: STOPPAGE_UNKNOWN', [row('444444/44/4', 0)], [row('111111/11/1', 100)], 1],
    ['no inputs for M−1 at all: every stoppage is unknown', [row('444444/44/4', 0), row('555555/55/5', 0)], null, 2],
  ])('%s', (_name, rows, previous, unknown) => {
    const report = run({ kind: 'stoppages', rows, previous });
    expect(report.counts.stoppage_unknown).toBe(unknown);
    expect(report.counts.new + report.counts.missing + report.counts.changed + report.counts.continuing).toBe(0);
  });
  it('words STOPPAGE_UNKNOWN with the NRC, the payee key and the previous month', () => {
    expect(run({ kind: 'stoppages', rows: [row('444444/44/4', 0)] }).signals[0]?.message).toBe(
      'Stoppage for 444444/44/4, who had no deduction by A001 in 2026-02.',
    );
  });
});

describe('identity against the record', () => {
  const file = row('111111/11/1', 100, { employee_no: 'E2', first_name: 'Mary', last_name: 'Banda' });
  it.each([
    ['the same identity: nothing', [entry({ employee_no: 'E2' })], [], []],
    [
      'the NRC under another employee number',
      [entry({ employee_no: 'E7', month: '2025-11' }), entry({ employee_no: 'E7', month: '2026-01' })],
      [],
      [['This NRC is on record under another employee number.', 'On record with employee number E7 (first seen 2025-11); this file has E2.']],
    ],
    [
      'the employee number under another NRC',
      [entry({ employee_no: 'E2' })],
      [{ submission_id: 's', nrc: '999999/99/9', nrc_digits: '999999999', month: '2026-01', submitted_at: null }],
      [['This employee number is on record under another NRC.', 'On record with NRC 999999/99/9; this file has 111111/11/1.']],
    ],
    [
      'the employee number with this same NRC: nothing',
      [],
      [{ submission_id: 's', nrc: '111111/11/1', nrc_digits: '111111111', month: '2026-01', submitted_at: null }],
      [],
    ],
    [
      'another name',
      [entry({ employee_no: 'E2', name: 'Mercy Banda' })],
      [],
      [['The name differs from the one on record.', "On record as 'Mercy Banda'; this file has 'Mary Banda'."]],
    ],
    ['the same name in another case, spacing and order: nothing', [entry({ employee_no: 'E2', name: '  BANDA   mary ' })], [], []],
    [
      'the newest name on record is the one compared',
      [entry({ employee_no: 'E2', name: 'Mercy Banda', month: '2025-01' }), entry({ employee_no: 'E2', name: 'Mary Banda', month: '2026-02' })],
      [],
      [],
    ],
  ] as [string, RecordEntry[], EmployeeEntry[], [string, string][]][])('%s', (_name, record, employees, messages) => {
    const report = run({ rows: [file], previous: [file], records: new Map([['111111111', record]]), employees: new Map([['E2', employees]]) });
    // The message says only that something differs; the record's values are for reviewers (on_record).
    expect(report.signals.filter((s) => s.type === 'IDENTITY').map((s) => [s.message, s.on_record])).toEqual(messages);
    expect(report.counts.identity).toBe(messages.length);
  });
  it('never names another lender', () => {
    const record = [entry({ employee_no: 'E7', payee_key: 'SECRET-LENDER', installment: 999 })];
    const report = run({ rows: [file], records: new Map([['111111111', record]]) });
    for (const s of report.signals) expect(s.message).not.toMatch(/SECRET-LENDER|999/);
  });
  it.each([
    ['Mary Banda', 'banda MARY'],
    ['Mary  Chanda Banda', 'Banda Mary Chanda'],
    ['\tmary\nbanda ', 'MARY BANDA'],
  ])('nameKey(%j) = nameKey(%j)', (a, b) => expect(nameKey(a)).toBe(nameKey(b)));
});

describe('exposure across lenders', () => {
  const others = (n: number, installment = 100) => Array.from({ length: n }, (_, i) => entry({ payee_key: `L${i}`, installment, submission_id: `s${i}` }));
  it.each([
    ['three others + this one exceed 3', others(3), { max_lenders: 3, max_total: null }, 1, '4 lenders deduct ZMW 450.00 a month from 111111/11/1.'],
    ['three others + this one are at the default 4: not flagged', others(3), { max_lenders: 4, max_total: null }, 0, null],
    ['two others + this one stay below 4', others(2), { max_lenders: 4, max_total: null }, 0, null],
    [
      'the amount limit, exceeded by a ngwee',
      others(1, 350.01),
      { max_lenders: 10, max_total: 500 },
      1,
      '2 lenders deduct ZMW 500.01 a month from 111111/11/1.',
    ],
    ['the amount limit, reached exactly: not flagged', others(1, 350), { max_lenders: 10, max_total: 500 }, 0, null],
    [
      'a stopped lender does not count',
      [
        ...others(3).slice(0, 2),
        entry({ payee_key: 'L2', kind: 'stoppage', installment: 0, month: '2026-03' }),
        entry({ payee_key: 'L2', submission_id: 'old', month: '2026-02' }),
      ],
      { max_lenders: 4, max_total: null },
      0,
      null,
    ],
    ['an ended loan does not count', [...others(2), entry({ payee_key: 'L9', end_date: '2026-02-28' })], { max_lenders: 4, max_total: null }, 0, null],
    [
      'a deduction older than the 3-month window does not count',
      [...others(2), entry({ payee_key: 'L9', month: '2025-12' })],
      { max_lenders: 4, max_total: null },
      0,
      null,
    ],
    [
      'a later month (a file for an earlier month) does not count',
      [...others(2), entry({ payee_key: 'L9', month: '2026-04' })],
      { max_lenders: 4, max_total: null },
      0,
      null,
    ],
    [
      'this lender’s own record is replaced by this file',
      [...others(2), entry({ payee_key: 'A001', installment: 1000 })],
      { max_lenders: 4, max_total: 1000 },
      0,
      null,
    ],
  ] as [string, RecordEntry[], { max_lenders: number; max_total: number | null }, number, string | null][])('%s', (_name, record, limits, count, message) => {
    const report = run({ rows: [row('111111/11/1', 150)], records: new Map([['111111111', record]]), limits });
    expect(report.counts.exposure).toBe(count);
    expect(report.signals.find((s) => s.type === 'EXPOSURE')?.message ?? null).toBe(message);
  });
  it('is judged for NEW and CHANGED rows only', () => {
    const record = others(4);
    const continuing = run({ rows: [row('111111/11/1', 150)], previous: [row('111111/11/1', 150)], records: new Map([['111111111', record]]) });
    expect(continuing.counts.exposure).toBe(0);
    const changed = run({ rows: [row('111111/11/1', 150)], previous: [row('111111/11/1', 10)], records: new Map([['111111111', record]]) });
    expect(changed.counts.exposure).toBe(1);
  });
  it.each([
    ['moved not known yet: every borrower past a limit, by key', undefined, ['NRC#111111111', 'NRC#222222222']],
    ['moved known: only those new or changed', new Set(['NRC#222222222']), ['NRC#222222222']],
    ['moved known, none moved: none', new Set<string>(), []],
  ])('judged before the previous month is read (%s)', (_name, moved, keys) => {
    const borrowers = [
      ...borrowersOf(
        [row('111111/11/1', 150), row('222222/22/2', 150, { employee_no: 'E2' }), row('333333/33/3', 150, { employee_no: 'E3' })],
        [2, 3, 4],
      ).values(),
    ];
    const records = new Map([
      ['111111111', others(3)],
      ['222222222', others(3)],
      ['333333333', others(1)],
    ]);
    const found = exposureSignals(
      { kind: 'inputs', month: '2026-03', payeeKey: 'A001', limits: { max_lenders: 3, max_total: null } },
      borrowers,
      records,
      moved,
    );
    expect(found.map((f) => f.key)).toEqual(keys);
    for (const f of found) expect(f.signal).toMatchObject({ type: 'EXPOSURE', message: expect.stringMatching(/^4 lenders deduct ZMW 450\.00 a month from /) });
    expect(exposureSignals({ kind: 'stoppages', month: '2026-03', payeeKey: 'A001', limits: { max_lenders: 1, max_total: null } }, borrowers, records)).toEqual(
      [],
    );
  });
  it('sums in ngwee', () => {
    expect(exposureOf([entry({ installment: 0.1 }), entry({ payee_key: 'C', installment: 0.2 })], 'A001', '2026-03', 0.3)).toEqual({ lenders: 3, total: 0.6 });
    expect(exceedsLimit({ lenders: 1, total: 0.6 }, { max_lenders: 9, max_total: 0.6 })).toBe(false);
    expect(exceedsLimit({ lenders: 1, total: 0.61 }, { max_lenders: 9, max_total: 0.6 })).toBe(true);
  });
});

describe('keys and the report', () => {
  it.each([
    [{ nrc: '111111/11/1', employee_no: 'E1' }, 'NRC#111111111'],
    [{ nrc: '111 111 111', employee_no: null }, 'NRC#111111111'],
    [{ nrc: null, employee_no: 'E1' }, 'EMP#E1'],
    [{ nrc: '', employee_no: 'E1' }, 'EMP#E1'],
    [{ nrc: null, employee_no: null }, null],
  ])('borrowerKey(%j) = %j', (r, key) => expect(borrowerKey(r)).toBe(key));

  it('lists signals in the CSV report after the issues, a MISSING one without row', () => {
    const report = run({ rows: [row('111111/11/1', 1)], previous: [row('999999/99/9', 5)] });
    const csv = issuesCsv({ errors: [], warnings: [], fraud: [] }, report.signals).split('\r\n');
    expect(csv[1]).toBe('signal,NEW,2,NRC,New deduction: 111111/11/1 had no deduction by A001 in 2026-02.');
    expect(csv[2]).toMatch(/^signal,MISSING,,NRC,Deduction for 999999\/99\/9/);
  });
});

describe('the panel of a file without signals', () => {
  const continues = "every deduction continues last month's";
  it.each([
    ['a previous month to compare with', { previous: [row('111111/11/1', 100)], rows: [row('111111/11/1', 100)] }, true],
    ['no previous month, nothing in the file to compare', { previous: null, rows: [] }, false],
    [
      'no previous month, a stoppages file naming no borrower',
      { kind: 'stoppages' as const, previous: null, rows: [row(null, 100, { employee_no: '' })] },
      false,
    ],
  ])('%s', (_name, over, claimsContinuation) => {
    const report = run(over);
    expect(report.signals).toEqual([]);
    expect(noSignalsText(report.baseline).includes(continues)).toBe(claimsContinuation);
  });

  it('claims nothing about last month when the upload carries no baseline', () => {
    expect(noSignalsText(null)).not.toContain(continues);
  });
});
