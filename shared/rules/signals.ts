import {
  employeeNumbersOnRecord,
  exposureOf,
  nameKey,
  ngwee,
  otherNrcsOnRecord,
  exceedsLimit,
  recordName,
  type EmployeeEntry,
  type ExposureLimits,
  type RecordEntry,
} from './borrower-record.js';
import type { CanonicalRow } from './canonical-row.js';
import { firstDayOfMonth, shiftMonth, type Month } from './dates.js';
import { employeeNumberKey, sameEmployeeNumber } from './employee-number.js';
import { baselineOf, borrowersOf, type Baseline, type Borrower } from './signal-borrowers.js';
import { ON_RECORD, SIGNAL_MESSAGES, type Signal, type SignalCounts, type SignalType } from './signal-messages.js';
import type { SubmissionKind } from './submission-rules.js';

export * from './signal-messages.js';
export * from './signal-borrowers.js';

/** The NRC as the file wrote it: none for a row joined to the register's NRC through its employee number. */
const filedNrc = (borrower: Pick<Borrower, 'nrc' | 'joined'>) => (borrower.joined ? null : borrower.nrc);

/** How a borrower is named in a message: the file's NRC, or the employee number when it has none. */
export const whoIs = (borrower: Pick<Borrower, 'nrc' | 'employee_no' | 'joined'>) => filedNrc(borrower) ?? `employee ${borrower.employee_no ?? ''}`.trim();

/**
 * A signal on a borrower, naming only what the file holds; `onRecord` (the other side's values) is for
 * reviewers, with the NRC a row without one was joined to through the register.
 */
export function signal(borrower: Borrower, type: SignalType, message: string, onRecord?: string, row: number | null = borrower.row): Signal {
  const notes = [onRecord, borrower.joined && borrower.nrc ? ON_RECORD.joined(borrower.nrc) : undefined].filter(Boolean);
  return { row, type, nrc: filedNrc(borrower), employee_no: borrower.employee_no, message, ...(notes.length ? { on_record: notes.join(' ') } : {}) };
}

/** The IDENTITY signals of one borrower against what is on record (other submissions only). */
export function identitySignals(borrower: Borrower, record: readonly RecordEntry[], employees: readonly EmployeeEntry[] = []): Signal[] {
  const out: Signal[] = [];
  if (borrower.nrc && borrower.employee_no) {
    for (const other of employeeNumbersOnRecord(record).filter((seen) => !sameEmployeeNumber(seen.employee_no, borrower.employee_no))) {
      out.push(
        signal(borrower, 'IDENTITY', SIGNAL_MESSAGES.nrcOtherEmployee(), ON_RECORD.nrcOtherEmployee(other.employee_no, other.first_seen, borrower.employee_no)),
      );
    }
    for (const nrc of otherNrcsOnRecord(employees, borrower.digits)) {
      out.push(signal(borrower, 'IDENTITY', SIGNAL_MESSAGES.employeeOtherNrc(), ON_RECORD.employeeOtherNrc(nrc, borrower.nrc)));
    }
  }
  const onRecord = recordName(record);
  if (borrower.name && onRecord && onRecord !== borrower.name && nameKey(onRecord) !== nameKey(borrower.name)) {
    out.push(signal(borrower, 'IDENTITY', SIGNAL_MESSAGES.nameDiffers(), ON_RECORD.nameDiffers(onRecord, borrower.name)));
  }
  return out;
}

export interface SignalInput {
  kind: SubmissionKind;
  month: Month;
  payeeKey: string;
  rows: readonly CanonicalRow[];
  rowNumbers: readonly number[];
  /** The rows of the payee key's latest inputs for the previous month that is not rejected, or null. */
  previous: readonly CanonicalRow[] | null;
  /** The rows of its stoppages for the previous month and this one that are not rejected (inputs only). */
  stopped: readonly CanonicalRow[];
  /** What is on record by NRC digits and by employee number (rejected submissions left out). */
  records: ReadonlyMap<string, readonly RecordEntry[]>;
  employees: ReadonlyMap<string, readonly EmployeeEntry[]>;
  limits: ExposureLimits;
}

export interface SignalReport {
  /** The month compared with and whether the payee key had inputs for it. */
  baseline: { month: Month; found: boolean };
  counts: SignalCounts;
  /** In row order; MISSING (no row) last. */
  signals: Signal[];
}

/**
 * The signal kinds that need a person's eye before a file goes on: who the borrower is (IDENTITY,
 * NOT_ON_PAYROLL), what they owe (EXPOSURE, AFFORDABILITY), a lender deducting again after an upheld
 * dispute (DISPUTED) and a new deduction without a mandate (NO_MANDATE). The month's changes (NEW, CHANGED,
 * MISSING, STOPPAGE_UNKNOWN) are information. One rule for the review queue's badge, its drawer and the upload panel.
 */
const ATTENTION: ReadonlySet<SignalType> = new Set<SignalType>([
  'IDENTITY',
  'EXPOSURE',
  'DISPUTED',
  'NO_MANDATE',
  'NOT_ON_PAYROLL',
  'AFFORDABILITY',
  'LEFT_SERVICE',
]);

export const needsAttention = (type: SignalType): boolean => ATTENTION.has(type);

/** How many of a file's signals need a person's eye (counts of uploads validated before a kind existed read as 0). */
export function attentionCount(counts: Partial<Record<Lowercase<SignalType>, number>>): number {
  return [...ATTENTION].reduce((sum, type) => sum + (counts[type.toLowerCase() as Lowercase<SignalType>] ?? 0), 0);
}

export const bySheetRow = (a: Signal, b: Signal) => (a.row ?? Number.MAX_SAFE_INTEGER) - (b.row ?? Number.MAX_SAFE_INTEGER);

/** What one file is compared in. */
export type FileContext = Pick<SignalInput, 'kind' | 'month' | 'payeeKey' | 'limits'>;

/** The counts of these signals, with the borrowers that continue unchanged. */
export function tally(signals: readonly Signal[], continuing: number): SignalCounts {
  const counts: SignalCounts = {
    new: 0,
    changed: 0,
    continuing,
    missing: 0,
    identity: 0,
    exposure: 0,
    stoppage_unknown: 0,
    disputed: 0,
    not_on_payroll: 0,
    affordability: 0,
    no_mandate: 0,
    left_service: 0,
  };
  for (const s of signals) counts[s.type.toLowerCase() as keyof SignalCounts]++;
  return counts;
}

/**
 * Items 1 and 2: the file against the payee key's previous month (NEW, CHANGED, MISSING,
 * STOPPAGE_UNKNOWN), how many borrowers continue, and the keys of those new or changed (for exposure).
 */
export function reconcile(ctx: FileContext, file: ReadonlyMap<string, Borrower>, baseline: Baseline) {
  const previousMonth = shiftMonth(ctx.month, -1);
  const signals: Signal[] = [];
  const moved = new Set<string>();
  /** The new deductions: the borrowers a NEW signal names (each must cite a mandate). */
  const fresh = new Set<string>();
  let continuing = 0;
  const previous = baseline.previous ?? new Map<string, number>();
  for (const borrower of file.values()) {
    if (ctx.kind === 'stoppages') {
      if (!previous.has(borrower.key))
        signals.push(signal(borrower, 'STOPPAGE_UNKNOWN', SIGNAL_MESSAGES.stoppageUnknown(whoIs(borrower), ctx.payeeKey, previousMonth)));
      continue;
    }
    const before = baseline.stopped.has(borrower.key) ? undefined : previous.get(borrower.key);
    if (before !== undefined && before === ngwee(borrower.installment)) {
      continuing++;
      continue;
    }
    moved.add(borrower.key);
    if (before !== undefined) signals.push(signal(borrower, 'CHANGED', SIGNAL_MESSAGES.changed(before / 100, borrower.installment, previousMonth)));
    else {
      fresh.add(borrower.key);
      signals.push(signal(borrower, 'NEW', SIGNAL_MESSAGES.newDeduction(whoIs(borrower), ctx.payeeKey, previousMonth)));
    }
  }
  if (ctx.kind === 'inputs') {
    const firstDay = firstDayOfMonth(ctx.month);
    for (const borrower of baseline.absent.values()) {
      if (baseline.stopped.has(borrower.key) || borrower.end_date < firstDay) continue;
      signals.push(
        signal(
          borrower,
          'MISSING',
          SIGNAL_MESSAGES.missing(whoIs(borrower), borrower.name ?? `employee ${borrower.employee_no ?? 'unknown'}`, previousMonth, ctx.month),
          undefined,
          null,
        ),
      );
    }
  }
  return { signals, continuing, moved, fresh };
}

/** Item 3 for some of a file's borrowers: IDENTITY against the record. */
export function identitySignalsOf(
  borrowers: Iterable<Borrower>,
  records: ReadonlyMap<string, readonly RecordEntry[]>,
  employees: ReadonlyMap<string, readonly EmployeeEntry[]>,
): Signal[] {
  const out: Signal[] = [];
  for (const borrower of borrowers)
    out.push(
      ...identitySignals(borrower, records.get(borrower.digits) ?? [], (borrower.employee_no && employees.get(employeeNumberKey(borrower.employee_no))) || []),
    );
  return out;
}

/**
 * Item 4 for some of a file's borrowers (inputs only): EXPOSURE where the deduction takes the borrower past a limit once
 * this file applies, by borrower key. Only the new or changed count: given `moved`, only those are
 * judged; without it (not known yet) every one is, and the caller keeps those that turn out new or changed.
 */
export function exposureSignals(
  ctx: FileContext,
  borrowers: Iterable<Borrower>,
  records: ReadonlyMap<string, readonly RecordEntry[]>,
  moved?: ReadonlySet<string>,
): { key: string; signal: Signal }[] {
  if (ctx.kind !== 'inputs') return [];
  const out: { key: string; signal: Signal }[] = [];
  for (const borrower of borrowers) {
    if (!borrower.digits || (moved && !moved.has(borrower.key))) continue;
    const exposure = exposureOf(records.get(borrower.digits) ?? [], ctx.payeeKey, ctx.month, borrower.installment);
    if (exceedsLimit(exposure, ctx.limits))
      out.push({ key: borrower.key, signal: signal(borrower, 'EXPOSURE', SIGNAL_MESSAGES.exposure(exposure.lenders, exposure.total, whoIs(borrower))) });
  }
  return out;
}

/** Items 3 and 4 for some of a file's borrowers: IDENTITY against the record, EXPOSURE for those new or changed. */
export function recordSignals(
  ctx: FileContext,
  borrowers: readonly Borrower[],
  moved: ReadonlySet<string>,
  records: ReadonlyMap<string, readonly RecordEntry[]>,
  employees: ReadonlyMap<string, readonly EmployeeEntry[]>,
): Signal[] {
  return [...identitySignalsOf(borrowers, records, employees), ...exposureSignals(ctx, borrowers, records, moved).map((found) => found.signal)];
}

/**
 * Every signal of one file (its reconciliation with the previous month, then identity and exposure against
 * the record), in row order; MISSING (no row) last.
 */
export function computeSignals(input: SignalInput): SignalReport {
  const file = borrowersOf(input.rows, input.rowNumbers);
  const reconciled = reconcile(input, file, baselineOf(input.previous, input.stopped, input.kind === 'inputs' ? file : undefined));
  const signals = [...reconciled.signals, ...recordSignals(input, [...file.values()], reconciled.moved, input.records, input.employees)].sort(bySheetRow);
  return { baseline: { month: shiftMonth(input.month, -1), found: input.previous !== null }, counts: tally(signals, reconciled.continuing), signals };
}

/** An upheld dispute on the borrower's record: which payee key's deduction, for which month. */
export interface UpheldDispute {
  payee_key: string;
  month: Month;
}

/**
 * DISPUTED: an inputs file that deducts again, for this month or a later one, from a borrower whose
 * dispute against this payee key was upheld. Raised on every such file, not only the next: a lender that
 * keeps deducting after an upheld dispute is flagged each month.
 */
export function disputeSignals(ctx: FileContext, borrowers: Iterable<Borrower>, disputes: ReadonlyMap<string, readonly UpheldDispute[]>): Signal[] {
  if (ctx.kind !== 'inputs') return [];
  const out: Signal[] = [];
  for (const borrower of borrowers) {
    const upheld = (disputes.get(borrower.digits) ?? []).filter((d) => d.payee_key === ctx.payeeKey && d.month <= ctx.month);
    const latest = upheld
      .map((d) => d.month)
      .sort()
      .pop();
    if (latest) out.push(signal(borrower, 'DISPUTED', SIGNAL_MESSAGES.disputed(whoIs(borrower), ctx.payeeKey, latest)));
  }
  return out;
}
