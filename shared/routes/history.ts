import { APPROVED } from '../access.js';
import { historyLookupQuerySchema, historyResponseSchema } from '../api/history.js';
import { featureRoutes } from './define.js';

/** Borrower history (spec part 2): one Query per NRC, audited. */
const route = featureRoutes('history');

export const getHistory = route({
  id: 'get-history',
  method: 'GET',
  path: '/api/history',
  access: APPROVED,
  openToClients: true,
  uses: { tables: { history: 'rq', submissions: 'r', audit: 'a' } },
  query: historyLookupQuerySchema,
  response: historyResponseSchema,
  summary:
    '?nrc=&months=3: a borrower’s deductions across lenders over the last months (one Query), with the identity mismatches and exposure on record, audited.',
});

export const HISTORY_ROUTES = [getHistory] as const;
