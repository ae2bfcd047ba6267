import { type RecordedMonth, uploadFor } from '#shared/rules/applied-parts.js';
import { employeeNumberKey } from '#shared/rules/employee-number.js';
import type { AppliedStatus } from '#shared/rules/repayment.js';
import { getMonthReconciliation } from '../payroll/reconciliation.js';
import { UNEXPECTED_MARK, type AppliedMarkItem } from './applied-marks.js';
import { text, type StoredHistoryItem } from './entries-read.js';

/**
 * Folding what the payroll applied (the marks of applied-marks.ts) onto a borrower's deductions as they are read.
 * Only the marks of the file each month records now count: a replaced file's marks are left aside. The month's
 * record is remembered by the warm function for MEMO_MS, so a lookup reads it once in a while, never per item.
 */
const MEMO_MS = 30_000;
const recorded = new Map<string, { month: RecordedMonth | null; until: number }>();

/** The month's recorded file(s); `uploadFor` names the one that answers a lender (its part's, in a month of parts). */
async function recordedMonth(month: string, now = Date.now()): Promise<RecordedMonth | null> {
  const seen = recorded.get(month);
  if (seen && seen.until > now) return seen.month;
  const record = await getMonthReconciliation(month);
  const kept = record && { upload_id: record.upload_id, parts: record.parts };
  recorded.set(month, { month: kept, until: now + MEMO_MS });
  return kept;
}

/** The file each month records now for a lender, as the marks name it (null: none). */
export async function recordedUploads(months: readonly string[], now = Date.now()): Promise<(month: string, payeeKey: string) => string | null> {
  const records = new Map(await Promise.all(months.map(async (month) => [month, await recordedMonth(month, now)] as const)));
  return (month, payeeKey) => {
    const record = records.get(month);
    return record ? uploadFor(record, payeeKey) : null;
  };
}

/** A payroll line with no deduction of the borrower's to sit on: an UNEXPECTED deduction, or a line whose input history lacks. */
export interface PayrollEntry {
  month: string;
  payee_key: string;
  org_name: string | null;
  employee_no: string;
  /** ZMW asked (0 for an UNEXPECTED line) and deducted. */
  expected: number;
  applied: number;
  applied_status: AppliedStatus;
  applied_reason: string | null;
}

const zmw = (ngwee: unknown) => Number(ngwee ?? 0) / 100;
const lineOf = (month: string, payeeKey: string, employeeNo: string | null) => `${month}#${payeeKey}#${employeeNo ? employeeNumberKey(employeeNo) : ''}`;

/**
 * The deductions with what the payroll applied on each, from the marks of the file each month records now (a replaced
 * file's are left aside), and the lines that sit on none of them.
 */
export async function withApplied(
  items: readonly StoredHistoryItem[],
  stored: readonly Record<string, unknown>[],
  now = Date.now(),
): Promise<{ items: StoredHistoryItem[]; entries: PayrollEntry[] }> {
  const months = [...new Set(stored.map((mark) => String(mark.month)))];
  const uploadOf = await recordedUploads(months, now);
  return foldApplied(
    items,
    (stored as unknown as AppliedMarkItem[]).filter((mark) => mark.applied_upload === uploadOf(mark.month, mark.payee_key)),
  );
}

/**
 * Folds the marks onto the input rows of their month, payee key and employee number (a row filed without an employee
 * number takes its lender's one line of the month): a line's amount shared over its rows in the order they were filed,
 * each taking up to its installment and the last what is left. A mark on no row, and every UNEXPECTED one, is an entry.
 */
export function foldApplied(items: readonly StoredHistoryItem[], marks: readonly AppliedMarkItem[]): { items: StoredHistoryItem[]; entries: PayrollEntry[] } {
  const asked = new Map<string, AppliedMarkItem>();
  const byLender = new Map<string, AppliedMarkItem[]>();
  for (const mark of marks) {
    if (mark.sk.includes(UNEXPECTED_MARK)) continue;
    asked.set(lineOf(mark.month, mark.payee_key, mark.employee_no), mark);
    byLender.set(`${mark.month}#${mark.payee_key}`, [...(byLender.get(`${mark.month}#${mark.payee_key}`) ?? []), mark]);
  }
  const rowsOf = new Map<AppliedMarkItem, StoredHistoryItem[]>();
  for (const item of items) {
    if (item.kind !== 'input') continue;
    const lender = byLender.get(`${item.month}#${item.payee_key}`) ?? [];
    const mark = asked.get(lineOf(item.month, item.payee_key, item.employee_no)) ?? (!item.employee_no && lender.length === 1 ? lender[0] : undefined);
    if (mark) rowsOf.set(mark, [...(rowsOf.get(mark) ?? []), item]);
  }
  const out = new Map<StoredHistoryItem, StoredHistoryItem>();
  for (const [mark, rows] of rowsOf) {
    let left = Number(mark.applied);
    rows.forEach((row, index) => {
      const share = index === rows.length - 1 ? left : Math.min(left, Math.round(row.installment * 100));
      left -= share;
      out.set(row, { ...row, applied: share / 100, applied_status: mark.applied_status, applied_reason: text(mark.applied_reason) });
    });
  }
  const entries = marks
    .filter((mark) => !rowsOf.has(mark))
    .map((mark) => ({
      month: mark.month,
      payee_key: mark.payee_key,
      org_name: text(mark.org_name),
      employee_no: mark.employee_no,
      expected: zmw(mark.expected),
      applied: zmw(mark.applied),
      applied_status: mark.applied_status,
      applied_reason: text(mark.applied_reason),
    }));
  return { items: items.map((item) => out.get(item) ?? item), entries };
}
