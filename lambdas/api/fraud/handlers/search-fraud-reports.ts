import { createApiHandler } from '../../../lib/handler.js';
import { searchReports } from '../search.js';
import * as routes from '../../../../shared/routes/fraud.js';

/** POST /api/fraud-reports/search: fraud-list roles only (the route table checks them). */
export const handler = createApiHandler(routes.searchFraudReports, async ({ caller: me, body }) => {
  return searchReports(me, body.nrcs, body.cursor);
});
