import { createApiHandler } from '../../../lib/handler.js';
import { audit } from '../search-audit.js';
import * as routes from '../../../../shared/routes/fraud.js';
import { FRAUD_PAGE_SIZE, FRAUD_PAGED_ABOVE, type FraudSearchResponse } from '../../../../shared/api/fraud.js';
import { nrcDigits } from '../../../../shared/rules/nrc.js';
import { getReports, reportRefsOf } from '../../../data/registry.js';
import type { AuthenticatedCaller } from '../../../lib/caller.js';
import { BadRequestError } from '../../../lib/errors.js';
import { reportViews } from '../views.js';
import { withdrawRightsOf } from '../withdraw-access.js';

/** A list of up to 100 NRCs comes back whole unless it matches more reports than this (a response must stay small). */
const MAX_UNPAGED_REPORTS = 200;
const CURSOR = /^REPORT#[0-9T:.Z-]{20,30}#[0-9a-f-]{36}$/;

/**
 * Reports of a list of NRCs, newest first. Summaries are read in BatchGets (never one query per NRC),
 * then only the page's reports are fetched. Above 100 NRCs (or too many matches) results come 10 a
 * page; the cursor is the sort key of the last report shown, so new reports never shift a page.
 * Every call is audited before anything is returned.
 */
async function searchReports(me: AuthenticatedCaller, nrcs: readonly string[], cursor?: string): Promise<FraudSearchResponse> {
  if (cursor !== undefined && !CURSOR.test(cursor)) throw new BadRequestError('The page cursor is not valid. Start the search again.', 'invalid_cursor');
  const { matched, refs } = await reportRefsOf(nrcs.map(nrcDigits));
  refs.sort((a, b) => (a.sk < b.sk ? 1 : a.sk > b.sk ? -1 : 0));
  const paged = nrcs.length > FRAUD_PAGED_ABOVE || refs.length > MAX_UNPAGED_REPORTS;
  let page = refs;
  let next: string | null = null;
  if (paged) {
    const start = cursor ? refs.findIndex((ref) => ref.sk < cursor) : 0;
    page = start < 0 ? [] : refs.slice(start, start + FRAUD_PAGE_SIZE);
    const last = page.at(-1);
    next = last && start + FRAUD_PAGE_SIZE < refs.length ? last.sk : null;
  }
  const [reports, rights] = await Promise.all([
    getReports(page),
    withdrawRightsOf(me),
    audit(me, 'fraud_registry.search', { nrc_count: nrcs.length, total_reports: refs.length, cursor: cursor ?? null }, matched),
  ]);
  return { items: await reportViews(reports, rights), total: refs.length, matched_nrcs: matched.length, paged, next_cursor: next };
}

/** POST /api/fraud-reports/search: fraud-list roles only (the route table checks them). */
export const handler = createApiHandler(routes.searchFraudReports, async ({ caller: me, body }) => {
  return searchReports(me, body.nrcs, body.cursor);
});
