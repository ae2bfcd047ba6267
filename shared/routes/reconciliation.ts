import { APPROVED } from '../access.js';
import { reconciliationQuerySchema, reconciliationResponseSchema } from '../api/reconciliation.js';
import { featureRoutes } from './define.js';

/** Reconciliation per lender: the month's frozen payroll schedule against what the payroll applied. */
const route = featureRoutes('reconciliation');

export const getReconciliation = route({
  id: 'get-reconciliation',
  method: 'GET',
  path: '/api/reconciliation',
  access: APPROVED,
  openToClients: true,
  uses: { tables: { submissions: 'r', audit: 'a', directory: 'r' }, buckets: { uploads: { results: 'rl' } } },
  query: reconciliationQuerySchema,
  response: reconciliationResponseSchema,
  summary:
    "A month's reconciliation for a lender (expected and applied totals, counts by status, a page of lines filtered by status and NRC, a CSV link) and the per-lender table. Lenders see their own payee keys only; the payroll authority, PMEC compliance and platform admins see every lender.",
});

export const RECONCILIATION_ROUTES = [getReconciliation] as const;
