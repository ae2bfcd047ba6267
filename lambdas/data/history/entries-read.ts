import { tableName } from '#adapters/aws-clients.js';
import { queryOf, sortKey } from '#adapters/dynamo/queries.js';
import { queryAll } from '#adapters/dynamo/toolkit.js';
import { employeeNumberKey } from '#shared/rules/employee-number.js';
import type { AppliedStatus } from '#shared/rules/repayment.js';
import { EMPLOYEE_ROWS_PK, RECORD_SK } from './entries.js';

/**
 * Reading borrower history (the items lambdas/data/history/entries.ts writes: pk=NRC#{digits}
 * sk={month}#{payee_key}#{kind}). Access pattern "a borrower's last N months": one Query on pk with
 * sk >= the first month of the window; a borrower holds a handful of items a month, so a page is rare.
 * The same Query brings the borrower's record (sk=RECORD sorts after every month) and the dispute marks.
 */
export interface StoredHistoryItem {
  nrc: string | null;
  month: string;
  first_name: string | null;
  last_name: string | null;
  start_date: string | null;
  end_date: string | null;
  installment: number;
  payee_key: string;
  kind: 'input' | 'stoppage';
  org_name: string | null;
  submitted_at: string | null;
  /** An upheld dispute on this deduction (the mark lambdas/data/disputes/disputes.ts writes beside it). */
  dispute: 'upheld' | null;
  submission_id: string | null;
  employee_no: string | null;
  /** Kept under its employee number (pk=EMP#…): the file gave no NRC. */
  without_nrc: boolean;
  /** Set by the reader once the submission's status is known. */
  rejected?: boolean;
  /** What the payroll deducted for this row (ZMW) and how that went, once the month's applied file is on history (applied-read.ts). */
  applied?: number | null;
  applied_status?: AppliedStatus | null;
  applied_reason?: string | null;
}

/** A stored string, or null when it is absent or blank. */
export const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** One deduction per row the item holds (`loans`; an item written before them is its one row). */
function toStored(item: Record<string, unknown>): StoredHistoryItem[] {
  const sk = String(item.sk ?? '');
  const loans = Array.isArray(item.loans) && item.loans.length ? (item.loans as Record<string, unknown>[]) : [item];
  return loans.map((loan) => {
    const installment = Number(loan.installment ?? 0);
    return {
      nrc: text(item.nrc),
      month: text(item.month) ?? sk.slice(0, 7),
      first_name: text(loan.first_name),
      last_name: text(loan.last_name),
      start_date: text(loan.start_date),
      end_date: text(loan.end_date),
      installment: Number.isFinite(installment) ? installment : 0,
      payee_key: text(item.payee_key) ?? sk.split('#')[1] ?? '',
      kind: item.kind === 'stoppage' ? 'stoppage' : 'input',
      org_name: text(item.org_name),
      submitted_at: text(item.submitted_at),
      dispute: null,
      submission_id: text(item.submission_id),
      employee_no: text(loan.employee_no),
      without_nrc: String(item.pk ?? '').startsWith(EMPLOYEE_ROWS_PK),
    };
  });
}

/** What the payroll applied, kept beside the deductions (lambdas/data/history/applied-marks.ts): not deductions themselves. */
const isAppliedMark = (item: Record<string, unknown>) => /#(applied|unexpected)#/.test(String(item.sk ?? ''));

/** The items of a partition with the dispute marks folded onto the deductions they are about. */
function withDisputes(items: readonly Record<string, unknown>[]): StoredHistoryItem[] {
  const isMark = (item: Record<string, unknown>) => String(item.sk ?? '').endsWith('#dispute') || isAppliedMark(item);
  const upheld = new Set(items.filter((item) => isMark(item) && item.status === 'upheld').map((item) => String(item.sk).slice(0, -'#dispute'.length)));
  return items
    .filter((item) => !isMark(item))
    .flatMap(toStored)
    .map((stored) => {
      return stored.kind === 'input' && upheld.has(`${stored.month}#${stored.payee_key}`) ? { ...stored, dispute: 'upheld' as const } : stored;
    });
}

export interface BorrowerPartition {
  /** The deductions from the first month on, oldest month first, dispute marks folded in. */
  items: StoredHistoryItem[];
  /** The borrower's record item as stored (lambdas/data/history/summaries.ts reads it), or null. */
  record: Record<string, unknown> | null;
  /** What the payroll applied, as stored (folded onto the deductions by applied-read.ts). */
  applied: Record<string, unknown>[];
}

/** The items of one history partition from `fromMonth` (YYYY-MM) on: one Query, paged when it must be. */
const queryPartition = (pk: string, fromMonth: string) =>
  queryAll({
    TableName: tableName('history'),
    ...queryOf({ pk, sk: sortKey.atLeast(fromMonth) }),
  });

/**
 * A borrower's items from `fromMonth` (YYYY-MM) on and their record, in one Query. No projection: the
 * record's attributes are named by submission, and a history item has little more than what is shown.
 */
export async function readBorrowerHistory(digits: string, fromMonth: string): Promise<BorrowerPartition> {
  const items = await queryPartition(`NRC#${digits}`, fromMonth);
  const record = items.find((item) => item.sk === RECORD_SK) ?? null;
  return { items: withDisputes(items.filter((item) => item !== record)), record, applied: items.filter(isAppliedMark) };
}

/**
 * The rows filed under these employee numbers without an NRC, from `fromMonth` on: one Query a number,
 * made only for the numbers the borrower's record marks (summaries.ts employeeRowsOf).
 */
export async function readEmployeeRows(employeeNumbers: readonly string[], fromMonth: string): Promise<StoredHistoryItem[]> {
  const partitions = await Promise.all(employeeNumbers.map((number) => queryPartition(`${EMPLOYEE_ROWS_PK}${employeeNumberKey(number)}`, fromMonth)));
  return partitions.flatMap((items) => items.flatMap(toStored));
}
