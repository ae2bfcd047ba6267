import type { FraudSearchResponse, LatestFraudReportsResponse } from '@shared/api/fraud';
import { callRoute } from '@/lib/api-client';
import { listFraudReports, searchFraudReports as searchFraudReportsRoute } from '@shared/routes/fraud';

/** POST /api/fraud-reports/search: one page of the reports of a list of NRCs (all of them up to 100 NRCs). */
export function searchFraudReports(nrcs: string[], cursor?: string, signal?: AbortSignal): Promise<FraudSearchResponse> {
  // A 100,000-NRC search reads the whole registry digest and every summary it hits: allow it a minute.
  return callRoute(searchFraudReportsRoute, { body: { nrcs, ...(cursor ? { cursor } : {}) }, signal, timeoutMs: 60_000 });
}

/** GET /api/fraud-reports?limit=: the latest reports, newest first. */
export function latestFraudReports(limit: number, signal?: AbortSignal): Promise<LatestFraudReportsResponse> {
  return callRoute(listFraudReports, { query: { limit }, signal });
}
