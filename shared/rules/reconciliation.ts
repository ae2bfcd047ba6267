import type { AppliedIndex } from './applied-index.js';
import type { AppliedRow } from './applied.js';
import { employeeNumberKey } from './employee-number.js';
import type { ScheduleLine } from './payroll-schedule.js';

/** What the payroll did with a schedule line: in full, less, nothing, or a deduction nobody approved. */
export const RECONCILIATION_STATUSES = ['APPLIED', 'SHORT', 'NOT_APPLIED', 'UNEXPECTED'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

export interface ReconciliationLine {
  employee_no: string;
  nrc: string;
  name: string;
  expected: number;
  applied: number;
  status: ReconciliationStatus;
  reason: string | null;
}

export interface ReconciliationCounts {
  applied: number;
  short: number;
  not_applied: number;
  unexpected: number;
}

/** One lender's month: its lines (sorted by employee number) and their totals. */
export interface LenderReconciliation {
  payee_key: string;
  expected_total: number;
  applied_total: number;
  counts: ReconciliationCounts;
  lines: ReconciliationLine[];
}

const COUNT_OF: Record<ReconciliationStatus, keyof ReconciliationCounts> = {
  APPLIED: 'applied',
  SHORT: 'short',
  NOT_APPLIED: 'not_applied',
  UNEXPECTED: 'unexpected',
};

const ngwee = (zmw: number) => Math.round(zmw * 100);
const zmw = (n: number) => n / 100;

/** The reason of the UNEXPECTED line for what was deducted beyond a schedule line. */
export const excessReason = (expected: number, applied: number) =>
  `ZMW ${zmw(ngwee(applied) - ngwee(expected)).toFixed(2)} over the scheduled ZMW ${expected.toFixed(2)}: nobody approved the excess.`;

/** What the schedule asked of one employee for one lender (lines of the same key summed). */
export interface Expected {
  employee_no: string;
  nrc: string;
  name: string;
  amount: number;
}

/**
 * One employee and lender: the schedule's amount against what the payroll deducted, compared in ngwee.
 * In full (or more) is APPLIED for the amount asked, any excess a second line UNEXPECTED; less is SHORT and
 * nothing NOT_APPLIED, each with the file's reason; a deduction with no schedule line is UNEXPECTED whole.
 */
export function reconcileOne(expected: Expected | null, applied: AppliedRow | null): ReconciliationLine[] {
  const out: ReconciliationLine[] = [];
  reconcileInto(out, expected, applied);
  return out;
}

/** reconcileOne's lines pushed onto `out` (the join's loop makes no array per employee). */
function reconcileInto(out: ReconciliationLine[], expected: Expected | null, applied: AppliedRow | null): void {
  const asked = expected ? ngwee(expected.amount) : 0;
  const taken = applied ? ngwee(applied.amount) : 0;
  const employee_no = expected?.employee_no ?? applied?.employee_no ?? '';
  const nrc = expected?.nrc || applied?.nrc || '';
  const name = expected?.name ?? '';
  const reason = applied?.reason ?? null;
  if (asked === 0) {
    if (taken > 0) out.push({ employee_no, nrc, name, expected: 0, applied: zmw(taken), status: 'UNEXPECTED', reason });
    return;
  }
  if (taken >= asked) {
    out.push({ employee_no, nrc, name, expected: zmw(asked), applied: zmw(asked), status: 'APPLIED', reason: null });
    if (taken > asked)
      out.push({ employee_no, nrc, name, expected: 0, applied: zmw(taken - asked), status: 'UNEXPECTED', reason: excessReason(zmw(asked), zmw(taken)) });
    return;
  }
  out.push({ employee_no, nrc, name, expected: zmw(asked), applied: zmw(taken), status: taken > 0 ? 'SHORT' : 'NOT_APPLIED', reason });
}

/** The totals of some lines (each to the ngwee). */
export function totalsOf(lines: readonly ReconciliationLine[]): Omit<LenderReconciliation, 'payee_key' | 'lines'> {
  const counts: ReconciliationCounts = { applied: 0, short: 0, not_applied: 0, unexpected: 0 };
  let expected = 0;
  let applied = 0;
  for (const line of lines) {
    counts[COUNT_OF[line.status]] += 1;
    expected += ngwee(line.expected);
    applied += ngwee(line.applied);
  }
  return { expected_total: zmw(expected), applied_total: zmw(applied), counts };
}

/** By employee number; of one employee's lines, the UNEXPECTED excess after the line it exceeds. */
const lineOrder = (a: ReconciliationLine, b: ReconciliationLine): number =>
  a.employee_no < b.employee_no ? -1 : a.employee_no > b.employee_no ? 1 : a.status === 'UNEXPECTED' ? 1 : -1;

/** Two runs in lineOrder merged into one. */
function merge(a: ReconciliationLine[], b: ReconciliationLine[]): ReconciliationLine[] {
  if (b.length === 0) return a;
  const out: ReconciliationLine[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = lineOrder(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

const inOrder = (lines: readonly ReconciliationLine[]): boolean => {
  for (let i = 1; i < lines.length; i++) if (lineOrder(lines[i - 1]!, lines[i]!) > 0) return false;
  return true;
};

/**
 * One lender's lines in lineOrder: the schedule's (already in its order, checked, sorted only when they are not),
 * merged with the deductions the schedule did not ask for (sorted: a few).
 */
function lenderResult(payeeKey: string, expected: Map<string, Expected>, applied: AppliedIndex): LenderReconciliation {
  let lines: ReconciliationLine[] = [];
  for (const [key, asked] of expected) reconcileInto(lines, asked, applied.take(payeeKey, key));
  if (!inOrder(lines)) lines.sort(lineOrder);
  const unasked: ReconciliationLine[] = [];
  for (const row of applied.takeRest(payeeKey)) reconcileInto(unasked, null, row);
  lines = merge(lines, unasked.sort(lineOrder));
  return { payee_key: payeeKey, ...totalsOf(lines), lines };
}

/**
 * The month joined lender by lender: the schedule's lines stream in (a chunk's lines at a time) sorted by payee key (the frozen schedule's
 * order), one lender's lines are held at a time, each matched with the applied rows of its payee key, which are
 * taken out of the index as they are used; lenders the schedule does not name but the payroll deducted for come
 * last. Memory: the applied rows and one lender's lines.
 */
export async function* reconcileByLender(schedule: AsyncIterable<readonly ScheduleLine[]>, applied: AppliedIndex): AsyncGenerator<LenderReconciliation> {
  const done = new Set<string>();
  let payeeKey: string | null = null;
  let expected = new Map<string, Expected>();
  const close = () => {
    const result = lenderResult(payeeKey!, expected, applied);
    done.add(payeeKey!);
    expected = new Map();
    return result;
  };
  for await (const batch of schedule) {
    for (const line of batch) {
      if (line.payee_key !== payeeKey) {
        if (payeeKey !== null) yield close();
        if (done.has(line.payee_key)) throw new Error(`The schedule is not sorted by payee key: ${line.payee_key} appears twice.`);
        payeeKey = line.payee_key;
      }
      const key = employeeNumberKey(line.employee_no);
      const seen = expected.get(key);
      // The parsed line itself stands for the employee (a ScheduleLine is an Expected); a second line of theirs makes a sum.
      if (seen) expected.set(key, { employee_no: seen.employee_no, nrc: seen.nrc, name: seen.name, amount: zmw(ngwee(seen.amount) + ngwee(line.amount)) });
      else expected.set(key, line);
    }
  }
  if (payeeKey !== null) yield close();
  for (const key of applied.payeeKeys()) {
    payeeKey = key;
    yield close();
  }
}
