import type { z } from 'zod';
import type { fraudSearchRequestSchema } from '../../../../shared/api/fraud.js';
import { createApiHandler, requireSignedIn } from '../../../lib/handler.js';
import { searchReports } from '../search.js';

/** POST /api/fraud-reports/search: fraud-list roles only (the route table checks them). */
export const handler = createApiHandler('search-fraud-reports', async ({ caller, body: raw }) => {
  const me = requireSignedIn(caller);
  // createApiHandler types every body as never (its route lookup cannot narrow); the route's schema has already parsed it.
  const body = raw as z.output<typeof fraudSearchRequestSchema>;
  return searchReports(me, body.nrcs, body.cursor);
});
