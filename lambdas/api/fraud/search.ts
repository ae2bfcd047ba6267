import { FRAUD_PAGE_SIZE, FRAUD_PAGED_ABOVE, type FraudSearchResponse } from '../../../shared/api/fraud.js';
import { normaliseNrc, nrcDigits } from '../../../shared/rules/nrc.js';
import { writeAudit } from '../../data/audit.js';
import { flaggedByDigest, getReports, latestReports, reportRefsOf } from '../../data/registry.js';
import type { AuthenticatedCaller } from '../../lib/caller.js';
import { BadRequestError } from '../../lib/errors.js';
import { reportViews } from './views.js';

/** A list of up to 100 NRCs comes back whole unless it matches more reports than this (a response must stay small). */
export const MAX_UNPAGED_REPORTS = 200;
/** The audit entry names at most this many matched NRCs (an item must stay under DynamoDB's 400 KB). */
const AUDITED_MATCHES = 5_000;

const CURSOR = /^REPORT#[0-9T:.Z-]{20,30}#[0-9a-f-]{36}$/;
const LATEST_CURSOR = /^[0-9T:.Z-]{20,30}#[0-9a-f-]{36}$/;

function audit(me: AuthenticatedCaller, action: string, details: Record<string, unknown>, matchedDigits: readonly string[]) {
  const matched = matchedDigits.slice(0, AUDITED_MATCHES).map(normaliseNrc);
  return writeAudit({
    actor: me,
    action,
    subject: 'REGISTRY',
    outcome: 'ok',
    details: { ...details, matched_count: matchedDigits.length, matched, matched_truncated: matchedDigits.length > AUDITED_MATCHES },
    // Each matched person's own trail names this search (the export of GET /api/admin/audit/nrc).
    also: matchedDigits.slice(0, AUDITED_MATCHES).map((digits) => `NRC#${digits}`),
  });
}

/**
 * Reports of a list of NRCs, newest first. Summaries are read in BatchGets (never one query per NRC),
 * then only the page's reports are fetched. Above 100 NRCs (or too many matches) results come 10 a
 * page; the cursor is the sort key of the last report shown, so new reports never shift a page.
 * Every call is audited before anything is returned.
 */
export async function searchReports(me: AuthenticatedCaller, nrcs: readonly string[], cursor?: string): Promise<FraudSearchResponse> {
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
  const [reports] = await Promise.all([
    getReports(page),
    audit(me, 'fraud_registry.search', { nrc_count: nrcs.length, total_reports: refs.length, cursor: cursor ?? null }, matched),
  ]);
  return { items: await reportViews(reports), total: refs.length, matched_nrcs: matched.length, paged, next_cursor: next };
}

/** Which NRCs of the list are on the registry (slashed, in the order given); audited. */
export async function checkRegistry(me: AuthenticatedCaller, nrcs: readonly string[]): Promise<{ flagged: string[] }> {
  const hits = await flaggedByDigest(nrcs.map(nrcDigits));
  const flagged = nrcs.filter((nrc) => hits.has(nrcDigits(nrc)));
  await audit(me, 'fraud_registry.check', { nrc_count: nrcs.length }, flagged.map(nrcDigits));
  return { flagged };
}

/** The latest reports; the list shows personal data, so it is audited too. */
export async function listLatest(me: AuthenticatedCaller, limit: number, cursor?: string) {
  if (cursor !== undefined && !LATEST_CURSOR.test(cursor)) throw new BadRequestError('The page cursor is not valid. Load the latest list again.', 'invalid_cursor');
  const { items, next } = await latestReports(limit, cursor);
  await audit(me, 'fraud_registry.latest', { limit, cursor: cursor ?? null, shown: items.length }, [...new Set(items.map((r) => r.nrc_key))]);
  return { items: await reportViews(items), limit, next_cursor: next };
}
