import { callRoute } from '@/lib/api-client';
import type { FraudSearchResponse, LatestFraudReportsResponse } from '@shared/api/fraud';
import { listFraudReports, searchFraudReports as searchFraudReportsRoute } from '@shared/routes/fraud';

/** POST /api/fraud-reports/search: one page of the reports of a list of NRCs (all of them up to 100 NRCs). */
export function searchFraudReports(nrcs: string[], cursor?: string, signal?: AbortSignal): Promise<FraudSearchResponse> {
  // A 100,000-NRC search reads the whole registry digest and every summary it hits: allow it a minute.
  return callRoute(searchFraudReportsRoute, { body: { nrcs, ...(cursor ? { cursor } : {}) }, signal, timeoutMs: 60_000 });
}

/**
 * GET /api/fraud-reports?limit=: the latest `limit` reports, newest first. The server stops a page
 * before a byte budget, so the cursor is followed until `limit` reports are in or none are left.
 */
export async function latestFraudReports(limit: number, signal?: AbortSignal): Promise<LatestFraudReportsResponse> {
  let page = await callRoute(listFraudReports, { query: { limit }, signal });
  const items = [...page.items];
  while (items.length < limit && page.next_cursor) {
    page = await callRoute(listFraudReports, { query: { limit, cursor: page.next_cursor }, signal });
    items.push(...page.items);
  }
  return { items: items.slice(0, limit), limit, next_cursor: page.next_cursor };
}
