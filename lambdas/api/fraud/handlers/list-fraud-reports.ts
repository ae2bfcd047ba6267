import { createApiHandler } from '../../../lib/handler.js';
import { audit } from '../search-audit.js';
import * as routes from '../../../../shared/routes/fraud.js';
import { latestReports } from '../../../data/registry.js';
import type { AuthenticatedCaller } from '../../../lib/caller.js';
import { BadRequestError } from '../../../lib/errors.js';
import { reportViews } from '../views.js';
import { withdrawRightsOf } from '../withdraw-access.js';

const LATEST_CURSOR = /^[0-9T:.Z-]{20,30}#[0-9a-f-]{36}$/;

/** The latest reports; the list shows personal data, so it is audited too. */
async function listLatest(me: AuthenticatedCaller, limit: number, cursor?: string) {
  if (cursor !== undefined && !LATEST_CURSOR.test(cursor)) throw new BadRequestError('The page cursor is not valid. Load the latest list again.', 'invalid_cursor');
  const [{ items, next }, rights] = await Promise.all([latestReports(limit, cursor), withdrawRightsOf(me)]);
  await audit(me, 'fraud_registry.latest', { limit, cursor: cursor ?? null, shown: items.length }, [...new Set(items.map((r) => r.nrc_key))]);
  return { items: await reportViews(items, rights), limit, next_cursor: next };
}

/** GET /api/fraud-reports?limit=&cursor=: the latest reports, fraud-list roles only. */
export const handler = createApiHandler(routes.listFraudReports, async ({ caller: me, query }) => {
  return listLatest(me, query.limit, query.cursor);
});
