import type { HistoryItem, HistoryResponse } from '../../../shared/api/history.js';
import { normaliseNrc } from '../../../shared/rules/nrc.js';
import type { StoredHistoryItem } from '../../data/history-read.js';

export interface HistoryWindow {
  months: number;
  from: string;
  to: string;
}

const ngwee = (amount: number) => Math.round(amount * 100);
/** Newer first; within a month a stoppage is the later word (it ends the deduction the input started). */
const rank = (item: StoredHistoryItem) => `${item.month}#${item.kind === 'stoppage' ? 1 : 0}#${item.submitted_at ?? ''}`;

/**
 * Each lender's current deduction: the lender's (payee key's) latest item in the window, when it is an
 * input with an installment whose end date has not passed before the window's last month. A stoppage
 * as the latest word, or an input that has ended, counts nothing. Their sum is what the borrower pays
 * each month across lenders: the over-indebtedness view the history exists for.
 */
export function currentDeductions(items: readonly StoredHistoryItem[], toMonth: string): Set<StoredHistoryItem> {
  const latest = new Map<string, StoredHistoryItem>();
  for (const item of items) {
    const seen = latest.get(item.payee_key);
    if (!seen || rank(item) > rank(seen)) latest.set(item.payee_key, item);
  }
  const firstDay = `${toMonth}-01`;
  return new Set([...latest.values()].filter((item) => item.kind === 'input' && item.installment > 0 && (item.end_date === null || item.end_date >= firstDay)));
}

/** The borrower's name as the newest item that carries one gives it. */
function nameOf(items: readonly StoredHistoryItem[]): string | null {
  const named = [...items].sort((a, b) => rank(b).localeCompare(rank(a))).find((item) => item.first_name || item.last_name);
  return named ? [named.first_name, named.last_name].filter(Boolean).join(' ') : null;
}

/** The response of GET /api/history: newest month first, with the total monthly installment. */
export function historyView(digits: string, stored: readonly StoredHistoryItem[], window: HistoryWindow): HistoryResponse {
  const inWindow = stored.filter((item) => item.month >= window.from && item.month <= window.to);
  const counted = currentDeductions(inWindow, window.to);
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
