import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { conditionOf, conditionsOf } from '#adapters/dynamo/expressions.js';
import { isConditionFailure, retrying } from '#adapters/dynamo/toolkit.js';
import { inParallel } from '#lib/concurrency.js';
import { employeeNumberKey } from '#shared/rules/employee-number.js';
import { normaliseNrc, nrcDigits } from '#shared/rules/nrc.js';
import type { ReconciliationLine } from '#shared/rules/reconciliation.js';
import type { AppliedStatus } from '#shared/rules/repayment.js';

/**
 * What the payroll applied, on borrower history: one mark per reconciliation line beside the borrower's deductions
 * in their partition (pk=NRC#{digits}), as dispute marks are kept:
 * - sk={month}#{payee key}#applied#{EMPLOYEE NO}: a schedule line's answer, folded onto that month's input of the
 *   payee key when read (lambdas/data/history/applied-read.ts);
 * - sk={month}#{payee key}#unexpected#{EMPLOYEE NO}: money deducted with no schedule line, its own history entry.
 * Attributes: `applied` (ngwee deducted), `applied_status`, `applied_reason`, the upload it came from
 * (`applied_upload`) and when that file was recorded (`applied_at`). A mark is written only over one from a file
 * recorded no later (a condition), so a retried chunk rewrites the same mark and a late chunk of a replaced file
 * never overwrites its replacement's; a reader ignores marks of any upload but the month's recorded one.
 */
export const APPLIED_MARK = '#applied#';
export const UNEXPECTED_MARK = '#unexpected#';

/** A reconciliation line with the lender it belongs to, as the ingestion carries it. */
export type AppliedLine = ReconciliationLine & { payee_key: string; org_name: string | null };

export interface AppliedMarkItem {
  pk: string;
  sk: string;
  month: string;
  payee_key: string;
  org_name: string | null;
  nrc: string;
  employee_no: string;
  name: string;
  expected: number;
  applied: number;
  applied_status: AppliedStatus;
  applied_reason: string | null;
  applied_upload: string;
  applied_at: string;
}

const toNgwee = (amount: number) => Math.round(amount * 100);

/** The mark of one line, or null for a line whose NRC is not a borrower's number (it has no history partition). */
export function appliedMark(line: AppliedLine, month: string, uploadId: string, recordedAt: string): AppliedMarkItem | null {
  const digits = nrcDigits(line.nrc);
  if (digits.length < 6) return null;
  const status = line.status.toLowerCase() as AppliedStatus;
  const mark = status === 'unexpected' ? UNEXPECTED_MARK : APPLIED_MARK;
  return {
    pk: `NRC#${digits}`,
    sk: `${month}#${line.payee_key}${mark}${employeeNumberKey(line.employee_no)}`,
    month,
    payee_key: line.payee_key,
    org_name: line.org_name,
    nrc: normaliseNrc(line.nrc),
    employee_no: line.employee_no,
    name: line.name,
    expected: toNgwee(line.expected),
    applied: toNgwee(line.applied),
    applied_status: status,
    applied_reason: line.reason,
    applied_upload: uploadId,
    applied_at: recordedAt,
  };
}

const when = conditionsOf<AppliedMarkItem>();
const PARALLEL = 16;

/**
 * What the borrower's record (the summary item signals read, lambdas/data/history/summaries.ts) keeps of a schedule
 * line: `a_{month}#{payee key}#{EMPLOYEE NO}#{upload}` = ngwee deducted, read only for the upload the month records.
 */
export const APPLIED_RECORD_PREFIX = 'a_';
export const appliedRecordName = (mark: AppliedMarkItem) =>
  `${APPLIED_RECORD_PREFIX}${mark.month}#${mark.payee_key}#${employeeNumberKey(mark.employee_no)}#${mark.applied_upload}`;

/** The month, payee key and upload of a record attribute's name, or null for any other attribute. */
export function appliedRecordOf(name: string): { month: string; payeeKey: string; upload: string } | null {
  if (!name.startsWith(APPLIED_RECORD_PREFIX)) return null;
  const [month, payeeKey, , upload] = name.slice(APPLIED_RECORD_PREFIX.length).split('#');
  return month && payeeKey && upload ? { month, payeeKey, upload } : null;
}

/** Writes the marks, PARALLEL at once: answers how many were written and how many a later file's marks kept. */
export async function putAppliedMarks(marks: readonly AppliedMarkItem[]): Promise<{ written: number; kept: number }> {
  const TableName = tableName('history');
  const counts = { written: 0, kept: 0 };
  await inParallel(marks, PARALLEL, async (mark) => {
    const condition = conditionOf(when.or(when.missing('pk'), when.atMost('applied_at', mark.applied_at)));
    try {
      await retrying(() => dynamo.send(new PutCommand({ TableName, Item: mark, ...condition })), 10);
      counts.written++;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      counts.kept++;
    }
  });
  return counts;
}
