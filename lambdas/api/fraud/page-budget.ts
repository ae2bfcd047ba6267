import { getReports, type ReportRef, reportSortKey } from '#data/registry/reports.js';
import { FRAUD_PAGE_BYTES, type FraudReportItem } from '#shared/api/fraud.js';
import { reportViews } from './views.js';
import type { WithdrawRights } from './withdraw-access.js';

/** The bytes one report adds to an answer: its JSON and a comma. */
const weight = (item: FraudReportItem) => Buffer.byteLength(JSON.stringify(item), 'utf8') + 1;

/**
 * How many of these reports, from the first, fit in a page's byte budget. Always at least one, so a
 * cursor moves on even past a report stored before the field limits.
 */
export function fitInBudget(items: readonly FraudReportItem[], budget = FRAUD_PAGE_BYTES): number {
  let used = 0;
  for (let i = 0; i < items.length; i++) {
    used += weight(items[i]!);
    if (used > budget) return Math.max(1, i);
  }
  return items.length;
}

/** Reports are read this many at a time, so a page never reads much more than it shows. */
const CHUNK = 25;

/**
 * The views of these refs, in order, until the byte budget: `consumed` is how many refs the page
 * covers (a ref whose report is gone is passed over), so the next page starts after them.
 */
export async function viewsWithinBudget(
  refs: readonly ReportRef[],
  rights: WithdrawRights,
  budget = FRAUD_PAGE_BYTES,
): Promise<{ items: FraudReportItem[]; consumed: number }> {
  const items: FraudReportItem[] = [];
  let used = 0;
  for (let at = 0; at < refs.length; at += CHUNK) {
    const chunk = refs.slice(at, at + CHUNK);
    const views = await reportViews(await getReports(chunk), rights);
    const bySortKey = new Map(views.map((view) => [reportSortKey(view.created_at, view.id), view]));
    for (const [i, ref] of chunk.entries()) {
      const view = bySortKey.get(ref.sk);
      if (!view) continue;
      const size = weight(view);
      if (items.length > 0 && used + size > budget) return { items, consumed: at + i };
      items.push(view);
      used += size;
    }
  }
  return { items, consumed: refs.length };
}
