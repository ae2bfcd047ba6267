import { entryName } from '#data/history/summaries.js';
import { applied } from '#data/history/summary-attributes.js';
import { pairedForGood } from '#data/history/summary-compaction.js';
import { parseNrcRecord } from '#data/history/summary-items.js';
import { employeeWrite, recordWrite, summaryWrites } from '#data/history/summary-writes.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { shiftMonth } from '#shared/rules/dates.js';
import type { SubmissionKind } from '#shared/rules/submission-rules.js';
import { ASSUMPTIONS, TODAY } from '../capacity/inputs.js';
import { itemBytes, writeUnits } from '../capacity/item-size.js';

type Item = Record<string, unknown>;

export interface SummaryWeights {
  /** A record write in the window's last month: the larger of the item before and after, mean over writes. */
  recordLastMonth: number;
  /** Its write units (plain UpdateItem), mean over those writes. */
  recordUnitsLastMonth: number;
  /** The record's bytes and a write's units over every month of the window. */
  recordMean: number;
  recordUnitsMean: number;
  /** An employee number's summary write (the larger of before and after), mean over writes. */
  employee: number;
  /** Record writes per row. */
  recordWritesPerRow: number;
}

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);

/**
 * The borrower summaries as ingestion leaves them over the model's window (capacity/inputs.ts: TODAY's
 * months, ASSUMPTIONS' loans a borrower and stoppages), weighed on the code's own writes: each month every
 * borrower of `rows` is named by that many lenders' inputs and, for a share of them, a stoppage; every
 * submission is decided before the next month's; each write is planned by lambdas/data/history/summary-writes.ts
 * (window, compaction, bounds, whether the employee number's summary is written) and applied as DynamoDB
 * would. A write's units are those of the larger of the item before and after it.
 */
export function summaryWeights(rows: readonly CanonicalRow[], firstMonth: string): SummaryWeights {
  const lenders = Array.from({ length: ASSUMPTIONS.loansPerBorrower }, (_, l) => `L${String(l + 1).padStart(3, '0')}`);
  const stoppageEvery = Math.round(1 / ASSUMPTIONS.stoppageShare);
  const decided = new Set<string>();
  const decisionOf = (id: string) => (decided.has(id) ? 'decided' : 'pending') as 'decided' | 'pending';
  const items = new Map<string, Item>();
  const record: number[] = [];
  const lastMonth: number[] = [];
  const employee: number[] = [];
  let recordWrites = 0;
  let rowsWritten = 0;

  const write = (pk: string, plan: ReturnType<typeof recordWrite>, into: number[]) => {
    const before = items.get(pk);
    const update = plan.plan(before as (Item & { pk: string }) | undefined, true);
    if (!update) return;
    const after = applied(before, update);
    items.set(pk, after);
    into.push(Math.max(before ? itemBytes(before) : 0, itemBytes(after)));
  };

  for (let k = 0; k < TODAY.months; k++) {
    const month = shiftMonth(firstMonth, k);
    const submissions: { id: string; payee: string; kind: SubmissionKind; rows: readonly CanonicalRow[] }[] = [
      ...lenders.map((payee) => ({ id: `${payee}-${month}-inputs`, payee, kind: 'inputs' as const, rows })),
      { id: `${lenders[0]}-${month}-stoppages`, payee: lenders[0]!, kind: 'stoppages', rows: rows.filter((_, i) => (i + k) % stoppageEvery === 0) },
    ];
    for (const submission of submissions) {
      const source = {
        submissionId: submission.id,
        kind: submission.kind,
        month,
        payeeKey: submission.payee,
        orgId: null,
        orgName: null,
        submittedAt: `${month}-0${1 + lenders.indexOf(submission.payee)}T08:00:00.000Z`,
      };
      const sizes = k === TODAY.months - 1 ? lastMonth : record;
      rowsWritten += submission.rows.length;
      for (const borrower of summaryWrites(source, submission.rows)) {
        const stored = items.get(borrower.record.key.pk);
        recordWrites++;
        write(borrower.record.key.pk, recordWrite(borrower.record.key, submission.id, borrower.record.entry, decisionOf), sizes);
        const parsed = stored ? parseNrcRecord(stored) : null;
        if (borrower.employee && !pairedForGood(parsed, borrower.employee.employeeNo, decisionOf)) {
          write(borrower.employee.key.pk, employeeWrite(borrower.employee.key, entryName(submission.id), borrower.employee.entry), employee);
        }
      }
    }
    for (const submission of submissions) decided.add(submission.id);
  }
  const all = [...record, ...lastMonth];
  const units = (sizes: number[]) => mean(sizes.map((bytes) => writeUnits(bytes)));
  return {
    recordLastMonth: mean(lastMonth),
    recordUnitsLastMonth: units(lastMonth),
    recordMean: mean(all),
    recordUnitsMean: units(all),
    employee: mean(employee),
    recordWritesPerRow: recordWrites / rowsWritten,
  };
}
