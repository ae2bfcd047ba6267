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

/**
 * Where a lender's lines go as the join makes them, by employee number (an excess after the line it exceeds): `add`
 * once a line, `end` when the lender is done.
 * Validation's sink writes the JSONL's bytes (lambdas/data/payroll/reconciliation-files.ts jsonlSink), so no object
 * is made for a line only written; lineArray keeps them as objects.
 */
export interface LineSink<T> {
  add(employee_no: string, nrc: string, name: string, expected: number, applied: number, status: ReconciliationStatus, reason: string | null): void;
  end(): T;
}

/** A sink keeping the lines as ReconciliationLine objects. */
export function lineArray(): LineSink<ReconciliationLine[]> {
  const lines: ReconciliationLine[] = [];
  return {
    add: (employee_no, nrc, name, expected, applied, status, reason) => void lines.push({ employee_no, nrc, name, expected, applied, status, reason }),
    end: () => lines,
  };
}

/** One lender's month: its lines (sorted by employee number) as its sink made them, their totals, and its UNEXPECTED lines. */
export interface LenderReconciliation<T = ReconciliationLine[]> {
  payee_key: string;
  expected_total: number;
  applied_total: number;
  counts: ReconciliationCounts;
  line_count: number;
  lines: T;
  /** The lines whose status is UNEXPECTED, in the lines' order (a few: the employees are texted). */
  unexpected: ReconciliationLine[];
}

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
 * A lender's lines as the join makes them, amounts in ngwee: counted and totalled, the UNEXPECTED ones kept apart,
 * each handed to the sink in ZMW.
 */
class Tally<T> {
  readonly counts: ReconciliationCounts = { applied: 0, short: 0, not_applied: 0, unexpected: 0 };
  expected = 0;
  applied = 0;
  lines = 0;
  readonly unexpected: ReconciliationLine[] = [];

  constructor(readonly sink: LineSink<T>) {}

  line(employee_no: string, nrc: string, name: string, asked: number, taken: number, status: ReconciliationStatus, reason: string | null): void {
    if (status === 'APPLIED') this.counts.applied += 1;
    else if (status === 'SHORT') this.counts.short += 1;
    else if (status === 'NOT_APPLIED') this.counts.not_applied += 1;
    else {
      this.counts.unexpected += 1;
      this.unexpected.push({ employee_no, nrc, name, expected: zmw(asked), applied: zmw(taken), status, reason });
    }
    this.expected += asked;
    this.applied += taken;
    this.lines += 1;
    this.sink.add(employee_no, nrc, name, zmw(asked), zmw(taken), status, reason);
  }
}

/**
 * One employee and lender: the schedule's amount against what the payroll deducted, compared in ngwee.
 * In full (or more) is APPLIED for the amount asked, any excess a second line UNEXPECTED; less is SHORT and
 * nothing NOT_APPLIED, each with the file's reason; a deduction with no schedule line is UNEXPECTED whole.
 */
export function reconcileOne(expected: Expected | null, applied: AppliedRow | null): ReconciliationLine[] {
  const tally = new Tally(lineArray());
  const employee_no = expected?.employee_no ?? applied?.employee_no ?? '';
  const nrc = expected?.nrc || applied?.nrc || '';
  const asked = expected ? ngwee(expected.amount) : 0;
  const taken = applied ? ngwee(applied.amount) : 0;
  reconcileTo(tally, employee_no, nrc, expected?.name ?? '', asked, taken, applied?.reason ?? null);
  return tally.sink.end();
}

/** reconcileOne's rule on amounts already in ngwee, each line handed to the tally (the join makes no array or object per employee). */
function reconcileTo<T>(tally: Tally<T>, employee_no: string, nrc: string, name: string, asked: number, taken: number, reason: string | null): void {
  if (asked === 0) {
    if (taken > 0) tally.line(employee_no, nrc, name, 0, taken, 'UNEXPECTED', reason);
    return;
  }
  if (taken >= asked) {
    tally.line(employee_no, nrc, name, asked, asked, 'APPLIED', null);
    if (taken > asked) tally.line(employee_no, nrc, name, 0, taken - asked, 'UNEXPECTED', excessReason(zmw(asked), zmw(taken)));
    return;
  }
  tally.line(employee_no, nrc, name, asked, taken, taken > 0 ? 'SHORT' : 'NOT_APPLIED', reason);
}

/**
 * One lender's schedule lines as they stream in, one entry an employee (key), column-wise: no Map while the keys come
 * in increasing order (the frozen schedule's, sorted by employee number), a line of the entry before summed into it;
 * a key out of that order makes the Map of the keys so far, and the entries are sorted by employee number at the end
 * when they did not come in that order.
 */
class LenderLines {
  readonly keys: string[] = [];
  readonly employeeNos: string[] = [];
  readonly nrcs: string[] = [];
  readonly names: string[] = [];
  readonly asked: number[] = [];
  private byKey: Map<string, number> | null = null;
  private sorted = true;

  add(line: ScheduleLine): void {
    const key = employeeNumberKey(line.employee_no);
    const last = this.keys.length - 1;
    if (this.byKey === null) {
      if (last >= 0 && key === this.keys[last]) {
        this.asked[last] = this.asked[last]! + ngwee(line.amount);
        return;
      }
      if (last >= 0 && key < this.keys[last]!) this.byKey = new Map(this.keys.map((k, at) => [k, at]));
    }
    if (this.byKey !== null) {
      const seen = this.byKey.get(key);
      if (seen !== undefined) {
        this.asked[seen] = this.asked[seen]! + ngwee(line.amount);
        return;
      }
      this.byKey.set(key, last + 1);
    }
    if (last >= 0 && line.employee_no < this.employeeNos[last]!) this.sorted = false;
    this.keys.push(key);
    this.employeeNos.push(line.employee_no);
    this.nrcs.push(line.nrc);
    this.names.push(line.name ?? '');
    this.asked.push(ngwee(line.amount));
  }

  /** The entries' positions by employee number; null when they came in that order. */
  order(): number[] | null {
    if (this.sorted) return null;
    const nos = this.employeeNos;
    return Array.from(this.keys, (_key, at) => at).sort((a, b) => (nos[a]! < nos[b]! ? -1 : nos[a]! > nos[b]! ? 1 : 0));
  }
}

/**
 * One lender's lines by employee number into a sink, totals and counts kept as they go: each schedule entry matched with the
 * applied row of its key (taken out of the index), merged by employee number with the rows the schedule did not ask
 * for (a few, sorted).
 */
function lenderResult<T>(payeeKey: string, entries: LenderLines, applied: AppliedIndex, sink: (lines: number) => LineSink<T>): LenderReconciliation<T> {
  const order = entries.order();
  const slots = applied.takeSlots(payeeKey, entries.keys);
  const rest = applied.takeRest(payeeKey).sort((a, b) => (a.employee_no < b.employee_no ? -1 : a.employee_no > b.employee_no ? 1 : 0));
  const tally = new Tally(sink(entries.keys.length + rest.length));
  const unasked = (row: AppliedRow) => reconcileTo(tally, row.employee_no, row.nrc || '', '', 0, ngwee(row.amount), row.reason);
  const { employeeNos, nrcs, names, asked } = entries;
  let next = 0;
  for (let i = 0; i < employeeNos.length; i++) {
    const at = order === null ? i : order[i]!;
    const employeeNo = employeeNos[at]!;
    while (next < rest.length && rest[next]!.employee_no < employeeNo) unasked(rest[next++]!);
    const slot = slots[at]!;
    if (slot < 0) reconcileTo(tally, employeeNo, nrcs[at] || '', names[at]!, asked[at]!, 0, null);
    else reconcileTo(tally, employeeNo, nrcs[at] || applied.nrcAt(slot) || '', names[at]!, asked[at]!, applied.ngweeAt(slot), applied.reasonAt(slot));
  }
  while (next < rest.length) unasked(rest[next++]!);
  return {
    payee_key: payeeKey,
    expected_total: zmw(tally.expected),
    applied_total: zmw(tally.applied),
    counts: tally.counts,
    line_count: tally.lines,
    lines: tally.sink.end(),
    unexpected: tally.unexpected,
  };
}

/**
 * The month joined lender by lender: the schedule's lines stream in (a chunk's lines at a time) sorted by payee key (the frozen schedule's
 * order), one lender's lines are held at a time, each matched with the applied rows of its payee key, which are
 * taken out of the index as they are used, and handed to a sink of the lender's own (`sink(lines)`, made as the lender
 * closes, told about how many lines to expect); lenders the schedule does not name but the payroll deducted for come last. Memory: the applied rows, one
 * lender's schedule lines and what its sink keeps.
 */
export async function* reconcileByLender<T = ReconciliationLine[]>(
  schedule: AsyncIterable<readonly ScheduleLine[]>,
  applied: AppliedIndex,
  sink: (lines: number) => LineSink<T> = lineArray as unknown as (lines: number) => LineSink<T>,
): AsyncGenerator<LenderReconciliation<T>> {
  const done = new Set<string>();
  let payeeKey: string | null = null;
  let entries = new LenderLines();
  const close = () => {
    const result = lenderResult(payeeKey!, entries, applied, sink);
    done.add(payeeKey!);
    entries = new LenderLines();
    return result;
  };
  for await (const batch of schedule) {
    for (const line of batch) {
      if (line.payee_key !== payeeKey) {
        if (payeeKey !== null) yield close();
        if (done.has(line.payee_key)) throw new Error(`The schedule is not sorted by payee key: ${line.payee_key} appears twice.`);
        payeeKey = line.payee_key;
      }
      entries.add(line);
    }
  }
  if (payeeKey !== null) yield close();
  for (const key of applied.payeeKeys()) {
    payeeKey = key;
    yield close();
  }
}
