import { APPROVED, rolesOnly } from '../access.js';
import {
  receiptRequestSchema,
  remittancesQuerySchema,
  remittancesResponseSchema,
  resolutionRequestSchema,
  statementAnswerSchema,
  statementParamsSchema,
} from '../api/remittances.js';
import { featureRoutes } from './define.js';

/** Remittance statements: what the payroll remitted to each lender for a month, what arrived, and differences resolved. */
const route = featureRoutes('remittances');

export const listRemittances = route({
  id: 'list-remittances',
  method: 'GET',
  path: '/api/remittances',
  access: APPROVED,
  openToClients: true,
  uses: { tables: { submissions: 'rq', directory: 'r', audit: 'a' }, buckets: { uploads: { results: 'rwl' } } },
  query: remittancesQuerySchema,
  response: remittancesResponseSchema,
  summary:
    "The month's remittance statements (number, period, total remitted, lines, schedule version, PDF and CSV links) with what arrived and any difference. Lenders see their own payee keys only; the payroll authority, PMEC compliance and platform admins see every lender.",
});

export const recordRemittanceReceipt = route({
  id: 'record-remittance-receipt',
  method: 'POST',
  path: '/api/remittances/{statement_number}/receipt',
  access: rolesOnly('fi_admin'),
  uses: { tables: { submissions: 'ra', directory: 'r' }, buckets: { uploads: { results: 'rwl' } } },
  params: statementParamsSchema,
  request: receiptRequestSchema,
  response: statementAnswerSchema,
  summary:
    "The lender's FI Admin records what arrived for a statement (amount in ZMW, the day it arrived). A second receipt replaces the first, audited, until a difference is resolved.",
});

export const resolveRemittanceDifference = route({
  id: 'resolve-remittance-difference',
  method: 'POST',
  path: '/api/remittances/{statement_number}/resolution',
  access: rolesOnly('fi_admin', 'pmec_admin'),
  uses: { tables: { submissions: 'rw', directory: 'r' }, buckets: { uploads: { results: 'rwl' } } },
  params: statementParamsSchema,
  request: resolutionRequestSchema,
  response: statementAnswerSchema,
  summary: "Resolves a difference between what arrived and the statement with a note: the lender's FI Admin or an admin of the payroll authority.",
});

export const REMITTANCES_ROUTES = [listRemittances, recordRemittanceReceipt, resolveRemittanceDifference] as const;
