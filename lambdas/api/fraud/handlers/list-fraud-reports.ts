import { createApiHandler } from '../../../lib/handler.js';
import { listLatest } from '../search.js';
import * as routes from '../../../../shared/routes/fraud.js';

/** GET /api/fraud-reports?limit=&cursor=: the latest reports, fraud-list roles only. */
export const handler = createApiHandler(routes.listFraudReports, async ({ caller: me, query }) => {
  return listLatest(me, query.limit, query.cursor);
});
