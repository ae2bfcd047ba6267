import { latestReports } from '#data/registry/reports.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { BadRequestError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/fraud.js';
import { fitInBudget } from '../page-budget.js';
import { audit } from '../search-audit.js';
import { reportViews } from '../views.js';
import { withdrawRightsOf } from '../withdraw-access.js';

const LATEST_CURSOR = /^[0-9T:.Z-]{20,30}#[0-9a-f-]{36}$/;

/**
 * The latest reports; the list shows personal data, so it is audited too. A page stops before
 * FRAUD_PAGE_BYTES, with a cursor to the rest, however large `limit` is.
 */
async function listLatest(me: AuthenticatedCaller, limit: number, cursor?: string) {
  if (cursor !== undefined && !LATEST_CURSOR.test(cursor))
    throw new BadRequestError('The page cursor is not valid. Load the latest list again.', 'invalid_cursor');
  const [{ items, next }, rights] = await Promise.all([latestReports(limit, cursor), withdrawRightsOf(me)]);
  const views = await reportViews(items, rights);
  const fit = fitInBudget(views);
  const shown = items.slice(0, fit);
  const last = shown.at(-1);
  await audit(me, 'fraud_registry.latest', { limit, cursor: cursor ?? null, shown: shown.length }, [...new Set(shown.map((r) => r.nrc_key))]);
  return { items: views.slice(0, fit), limit, next_cursor: fit < items.length && last ? `${last.created_at}#${last.id}` : next };
}

/** GET /api/fraud-reports?limit=&cursor=: the latest reports, fraud-list roles only. */
export const handler = createApiHandler(routes.listFraudReports, async ({ caller: me, query }) => {
  return listLatest(me, query.limit, query.cursor);
});
