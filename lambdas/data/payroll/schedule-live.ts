import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { employeeNumberKey } from '#shared/rules/employee-number.js';
import { lineText, toNgwee } from '#shared/rules/payroll-schedule.js';
import type { SubmissionRecord } from '../submissions/submissions.js';
import { submissionRows } from './schedule.js';

/** One lender's part of a month: its COMPLETED inputs and stoppages. */
export interface LenderSources {
  payee_key: string;
  org_name: string;
  inputs: SubmissionRecord[];
  stoppages: SubmissionRecord[];
}

/** The lenders of the month's COMPLETED submissions with an inputs submission, by payee key (the schedule's order). */
export function lenderSourcesOf(completed: readonly SubmissionRecord[]): LenderSources[] {
  const lenders = new Map<string, LenderSources>();
  const submissions = [...completed].sort((a, b) => (a.created_at < b.created_at ? -1 : 1));
  for (const submission of submissions) {
    const lender = lenders.get(submission.payee_key) ?? { payee_key: submission.payee_key, org_name: '', inputs: [], stoppages: [] };
    // The newest submission names the lender (an organisation renamed since an older one).
    lender.org_name = submission.org_name ?? lender.org_name;
    (submission.doc_kind === 'inputs' ? lender.inputs : lender.stoppages).push(submission);
    lenders.set(submission.payee_key, lender);
  }
  return [...lenders.values()]
    .filter((lender) => lender.inputs.length > 0)
    .sort((a, b) => (a.payee_key < b.payee_key ? -1 : a.payee_key > b.payee_key ? 1 : 0));
}

/** Where a submission's rows come from. */
export type RowsOf = (submission: SubmissionRecord) => AsyncIterable<CanonicalRow>;

const nameOf = (row: CanonicalRow): string => [row.first_name, row.last_name].filter(Boolean).join(' ');

/** Who a stoppage names: their employee number when it has one, else their NRC. */
const borrowerKeys = (employeeNo: string, nrc: string): string[] => [
  ...(employeeNo ? [`E:${employeeNumberKey(employeeNo)}`] : []),
  ...(nrc ? [`N:${nrc}`] : []),
];

/** The borrower a row is about, as borrower history keys them: the NRC, else the employee number. */
const borrowerOf = (row: CanonicalRow): string => (row.nrc ? `N:${row.nrc}` : `E:${employeeNumberKey(row.employee_no ?? '')}`);

/**
 * A lender's schedule lines: the deductions of its COMPLETED inputs, as borrower history keeps them (a
 * borrower's rows from the newest file that has them: a later file of the month replaces an earlier one's rows
 * for the borrowers it names), one line per (employee number, NRC, name, installment, dates), less its
 * COMPLETED stoppages. A stoppage ends the borrower's lines (matched on employee number, or NRC) of its
 * installment; when none of the borrower's lines has that installment, it ends all of them. The lender's
 * lines are held as one short string each, sorted.
 */
export async function lenderLineTexts(lender: LenderSources, rowsOf: RowsOf = submissionRows): Promise<string[]> {
  const lines = new Set<string>();
  /** Which file (newest first) each borrower's rows come from. */
  const source = new Map<string, number>();
  const newestFirst = [...lender.inputs].reverse();
  for (const [index, submission] of newestFirst.entries()) {
    for await (const row of rowsOf(submission)) {
      const borrower = borrowerOf(row);
      if ((source.get(borrower) ?? index) !== index) continue;
      source.set(borrower, index);
      lines.add(
        lineText({
          employee_no: row.employee_no ?? '',
          nrc: row.nrc ?? '',
          name: nameOf(row),
          amount: row.installment_amount,
          start_date: row.start_date,
          end_date: row.end_date,
        }),
      );
    }
  }
  source.clear();
  const stops = new Map<string, Set<number>>();
  for (const submission of lender.stoppages) {
    for await (const row of rowsOf(submission)) {
      for (const key of borrowerKeys(row.employee_no ?? '', row.nrc ?? '')) stops.set(key, (stops.get(key) ?? new Set()).add(toNgwee(row.installment_amount)));
    }
  }
  const sorted = [...lines].sort();
  if (stops.size === 0) return sorted;
  const stopOf = (text: string) => {
    const [employeeNo = '', nrc = '', , ngwee = '0'] = text.split('\t');
    const key = borrowerKeys(employeeNo, nrc).find((k) => stops.has(k));
    return key === undefined ? null : { key, installment: Number(ngwee), installments: stops.get(key)! };
  };
  const exact = new Set<string>();
  for (const text of sorted) {
    const stop = stopOf(text);
    if (stop?.installments.has(stop.installment)) exact.add(stop.key);
  }
  return sorted.filter((text) => {
    const stop = stopOf(text);
    return stop === null || (exact.has(stop.key) && !stop.installments.has(stop.installment));
  });
}
