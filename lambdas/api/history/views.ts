import type { PayrollEntry } from '#data/history/applied-read.js';
import type { StoredHistoryItem } from '#data/history/entries-read.js';
import type { HistoryItem, HistoryResponse } from '#shared/api/history.js';
import { countedDeductions, exposureFrom, latestFirst, ngwee, RUNNING_WINDOW_MONTHS, type Exposure } from '#shared/rules/borrower-record.js';
import { shiftMonth } from '#shared/rules/dates.js';
import { normaliseNrc } from '#shared/rules/nrc.js';
import { repaymentRecord } from '#shared/rules/repayment.js';

export interface HistoryWindow {
  months: number;
  from: string;
  to: string;
}

/** The borrower's name as the newest item that carries one gives it. */
function nameOf(items: readonly StoredHistoryItem[]): string | null {
  const named = [...items].sort(latestFirst).find((item) => !item.rejected && (item.first_name || item.last_name));
  return named ? [named.first_name, named.last_name].filter(Boolean).join(' ') : null;
}

/** A payroll line with no deduction on record to sit on (an UNEXPECTED deduction, or a line whose input history lacks), as an item of its own. */
const payrollItem = (entry: PayrollEntry): HistoryItem => ({
  month: entry.month,
  start_date: null,
  end_date: null,
  submitted_at: null,
  org_name: entry.org_name,
  payee_key: entry.payee_key,
  kind: entry.applied_status === 'unexpected' ? 'unexpected' : 'input',
  installment: entry.expected,
  counted: false,
  dispute: null,
  rejected: false,
  employee_no: entry.employee_no,
  without_nrc: false,
  applied: entry.applied,
  applied_status: entry.applied_status,
  applied_reason: entry.applied_reason,
});

/** The first month the lookup reads: the shown window's, or the running window's when that starts earlier. */
export const firstMonthRead = (window: Omit<HistoryWindow, 'months'>) => {
  const running = shiftMonth(window.to, -(RUNNING_WINDOW_MONTHS - 1));
  return running < window.from ? running : window.from;
};

/**
 * The response of GET /api/history: newest month first, with the total monthly installment, and the
 * exposure the record checks show, both from the one rule (countedDeductions): what a shorter window
 * hides still counts while it runs, and a rejected file's rows are shown marked, never counted.
 */
export function historyView(
  digits: string,
  stored: readonly StoredHistoryItem[],
  window: HistoryWindow,
  payroll: readonly PayrollEntry[] = [],
): Omit<HistoryResponse, 'record'> & { exposure: Exposure } {
  const inWindow = stored.filter((item) => item.month >= window.from && item.month <= window.to);
  const entries = payroll.filter((entry) => entry.month >= window.from && entry.month <= window.to);
  const counted = new Set(countedDeductions(stored, window.to));
  const items: HistoryItem[] = [...inWindow]
    .sort(
      (a, b) =>
        b.month.localeCompare(a.month) ||
        (b.submitted_at ?? '').localeCompare(a.submitted_at ?? '') ||
        a.payee_key.localeCompare(b.payee_key) ||
        a.kind.localeCompare(b.kind),
    )
    .map((item) => ({
      month: item.month,
      start_date: item.start_date,
      end_date: item.end_date,
      submitted_at: item.submitted_at,
      org_name: item.org_name,
      payee_key: item.payee_key,
      kind: item.kind,
      installment: ngwee(item.installment) / 100,
      counted: counted.has(item),
      dispute: item.dispute,
      rejected: item.rejected === true,
      employee_no: item.employee_no,
      without_nrc: item.without_nrc,
      applied: item.applied ?? null,
      applied_status: item.applied_status ?? null,
      applied_reason: item.applied_reason ?? null,
    }));
  const exposure = exposureFrom([...counted]);
  const payrollItems = entries.map(payrollItem);
  return {
    nrc: inWindow.find((item) => item.nrc && !item.without_nrc)?.nrc ?? normaliseNrc(digits),
    name: nameOf(inWindow),
    months: window.months,
    from_month: window.from,
    to_month: window.to,
    items: [...items, ...payrollItems].sort((a, b) => b.month.localeCompare(a.month)),
    total_monthly_installment: exposure.total,
    active_lenders: exposure.lenders,
    repayment: repaymentRecord([...inWindow, ...entries], window.to, window.months),
    exposure,
  };
}
