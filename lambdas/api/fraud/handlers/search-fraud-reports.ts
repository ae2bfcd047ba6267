import { reportRefsOf } from '#data/registry/reports.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { BadRequestError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { FRAUD_PAGE_SIZE, FRAUD_PAGED_ABOVE, type FraudSearchResponse } from '#shared/api/fraud.js';
import * as routes from '#shared/routes/fraud.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { viewsWithinBudget } from '../page-budget.js';
import { audit } from '../search-audit.js';
import { withdrawRightsOf } from '../withdraw-access.js';

/** A list of up to 100 NRCs comes back whole unless it matches more reports than this (a response must stay small). */
const MAX_UNPAGED_REPORTS = 200;
const CURSOR = /^REPORT#[0-9T:.Z-]{20,30}#[0-9a-f-]{36}$/;

/**
 * Reports of a list of NRCs, newest first. Summaries are read in BatchGets (never one query per NRC),
 * then only the page's reports are fetched. Above 100 NRCs (or too many matches) results come 10 a
 * page; any page also stops before FRAUD_PAGE_BYTES. The cursor is the sort key of the last report
 * shown, so new reports never shift a page. Every call is audited before anything is returned.
 */
async function searchReports(me: AuthenticatedCaller, nrcs: readonly string[], cursor?: string): Promise<FraudSearchResponse> {
  if (cursor !== undefined && !CURSOR.test(cursor)) throw new BadRequestError('The page cursor is not valid. Start the search again.', 'invalid_cursor');
  const { matched, refs } = await reportRefsOf(nrcs.map(nrcDigits));
  refs.sort((a, b) => (a.sk < b.sk ? 1 : a.sk > b.sk ? -1 : 0));
  const countPaged = nrcs.length > FRAUD_PAGED_ABOVE || refs.length > MAX_UNPAGED_REPORTS;
  const start = cursor ? refs.findIndex((ref) => ref.sk < cursor) : 0;
  const candidates = start < 0 ? [] : refs.slice(start, countPaged ? start + FRAUD_PAGE_SIZE : undefined);
  const [page] = await Promise.all([
    withdrawRightsOf(me).then((rights) => viewsWithinBudget(candidates, rights)),
    audit(me, 'fraud_registry.search', { nrc_count: nrcs.length, total_reports: refs.length, cursor: cursor ?? null }, matched),
  ]);
  const end = start + page.consumed;
  const next = start >= 0 && page.consumed > 0 && end < refs.length ? refs[end - 1]!.sk : null;
  return { items: page.items, total: refs.length, matched_nrcs: matched.length, paged: countPaged || cursor !== undefined || next !== null, next_cursor: next };
}

/** POST /api/fraud-reports/search: fraud-list roles only (the route table checks them). */
export const handler = createApiHandler(routes.searchFraudReports, async ({ caller: me, body }) => {
  return searchReports(me, body.nrcs, body.cursor);
});
