import type { HistoryItem, HistoryResponse } from '../../../shared/api/history.js';
import { latestFirst, ngwee, runningDeductions } from '../../../shared/rules/borrower-record.js';
import { normaliseNrc } from '../../../shared/rules/nrc.js';
import type { StoredHistoryItem } from '../../data/history-read.js';

export interface HistoryWindow {
  months: number;
  from: string;
  to: string;
}

/** The borrower's name as the newest item that carries one gives it. */
function nameOf(items: readonly StoredHistoryItem[]): string | null {
  const named = [...items].sort(latestFirst).find((item) => item.first_name || item.last_name);
  return named ? [named.first_name, named.last_name].filter(Boolean).join(' ') : null;
}

/** The response of GET /api/history: newest month first, with the total monthly installment. */
export function historyView(digits: string, stored: readonly StoredHistoryItem[], window: HistoryWindow): Omit<HistoryResponse, 'record'> {
  const inWindow = stored.filter((item) => item.month >= window.from && item.month <= window.to);
  // Each lender's current deduction: what the borrower pays each month across lenders.
  const counted = new Set(runningDeductions(inWindow, window.to));
  const items: HistoryItem[] = [...inWindow]
    .sort((a, b) => b.month.localeCompare(a.month) || (b.submitted_at ?? '').localeCompare(a.submitted_at ?? '') || a.payee_key.localeCompare(b.payee_key) || a.kind.localeCompare(b.kind))
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
    }));
  const total = [...counted].reduce((sum, item) => sum + ngwee(item.installment), 0);
  return {
    nrc: inWindow.find((item) => item.nrc)?.nrc ?? normaliseNrc(digits),
    name: nameOf(inWindow),
    months: window.months,
    from_month: window.from,
    to_month: window.to,
    items,
    total_monthly_installment: total / 100,
    active_lenders: counted.size,
  };
}
