import { disputesOfNrc, type StoredDispute } from '#data/disputes/disputes.js';
import { withApplied } from '#data/history/applied-read.js';
import { readBorrowerHistory, readEmployeeRows, type StoredHistoryItem } from '#data/history/entries-read.js';
import { recentStatuses, statusesAmong } from '#data/history/submission-statuses.js';
import { employeeRowsOf } from '#data/history/summaries.js';
import { nrcSignalsIn } from '#data/uploads/nrc-signals.js';
import { isDecided } from '#shared/api/disputes.js';
import { PORTAL_MONTHS, PORTAL_SIGNAL_TEXT, type DeductionState, type PortalDeduction, type PortalDeductionsResponse } from '#shared/api/portal.js';
import type { SubmissionStatus } from '#shared/api/reviews.js';
import { countedDeductions, exposureFrom, ngwee } from '#shared/rules/borrower-record.js';
import { currentMonth, shiftMonth } from '#shared/rules/dates.js';
import { normaliseNrc } from '#shared/rules/nrc.js';
import { decidedInFavour } from '#shared/rules/upheld-disputes.js';

/** A decision reaches the portal within this long (a decided submission is remembered for good). */
const PENDING_STATUS_MS = 10_000;
const statuses = recentStatuses(PENDING_STATUS_MS);

function stateOf(item: StoredHistoryItem, status: SubmissionStatus | null): DeductionState {
  if (item.kind === 'stoppage') return 'stopped';
  if (status === 'rejected') return 'rejected';
  return status === 'fi_approved' || status === 'approved' ? 'approved' : 'submitted';
}

/** The newest dispute on each deduction (payee key and month). */
function disputesByDeduction(disputes: readonly StoredDispute[]): Map<string, StoredDispute> {
  const out = new Map<string, StoredDispute>();
  for (const d of [...disputes].sort((a, b) => a.opened.at.localeCompare(b.opened.at))) out.set(`${d.payee_key}#${d.month}`, d);
  return out;
}

/**
 * Every deduction on one NRC over the last PORTAL_MONTHS months, as the employee sees it: one Query of
 * their history partition (and one a number for rows filed under their employee number alone), the
 * statuses of the submissions that carry them, the signals those submissions' validation raised on their
 * NRC (lambdas/data/uploads/nrc-signals.ts: one GET a submission) and their disputes (one Query), all at once; what
 * the payroll deducted in a reconciled month rides on each deduction (lambdas/data/history/applied-read.ts).
 */
export async function deductionsOf(digits: string, now = new Date()): Promise<PortalDeductionsResponse> {
  const to = currentMonth(now);
  const from = shiftMonth(to, -(PORTAL_MONTHS - 1));
  const stored = await readBorrowerHistory(digits, from);
  const rows = [...stored.items, ...(await readEmployeeRows(employeeRowsOf(stored.record), from))].filter((item) => item.month <= to);
  // What the payroll deducted, on each deduction (lines with no deduction to sit on are not the employee's list).
  const { items } = await withApplied(rows, stored.applied);
  const submissions = [...new Set(items.flatMap((item) => (item.submission_id ? [item.submission_id] : [])))];
  const [statusOf, signals, disputes] = await Promise.all([statusesAmong(submissions, statuses), nrcSignalsIn(submissions, digits), disputesOfNrc(digits)]);
  const marked = items.map((item) => ({ ...item, rejected: item.submission_id !== null && statusOf(item.submission_id) === 'rejected' }));
  // A deduction decided in the employee's favour is shown, marked, and left out of what they pay.
  const upheld = disputes.filter((d) => d.status === 'upheld');
  const inFavour = new Set(marked.filter((item) => decidedInFavour(item, upheld)));
  const counted = new Set(countedDeductions(marked, to).filter((item) => !inFavour.has(item)));
  const disputeOf = disputesByDeduction(disputes);
  const view = marked
    .sort((a, b) => b.month.localeCompare(a.month) || (a.org_name ?? a.payee_key).localeCompare(b.org_name ?? b.payee_key) || a.kind.localeCompare(b.kind))
    .map((item): PortalDeduction => {
      const dispute = item.kind === 'input' ? (disputeOf.get(`${item.payee_key}#${item.month}`) ?? null) : null;
      const types = new Set(item.submission_id ? (signals.get(item.submission_id) ?? []) : []);
      return {
        month: item.month,
        org_name: item.org_name,
        payee_key: item.payee_key,
        installment: ngwee(item.installment) / 100,
        applied: item.applied ?? null,
        state: stateOf(item, item.submission_id ? statusOf(item.submission_id) : null),
        start_date: item.start_date,
        end_date: item.end_date,
        counted: counted.has(item),
        decided_in_your_favour: inFavour.has(item),
        signals: [...types].map((type) => ({ type, text: PORTAL_SIGNAL_TEXT[type] })),
        dispute: dispute ? { id: dispute.id, status: dispute.status } : null,
        // A row filed under the employee number alone is not on the NRC's record a dispute is kept on.
        can_report: item.kind === 'input' && !item.without_nrc && (!dispute || isDecided(dispute.status)),
      };
    });
  return { nrc: normaliseNrc(digits), from_month: from, to_month: to, total_this_month: exposureFrom([...counted]).total, items: view };
}
