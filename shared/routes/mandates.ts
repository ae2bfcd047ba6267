import { claimMandateRequestSchema, claimMandateResponseSchema, MANDATE_CLAIMERS, mandateListResponseSchema } from '../api/mandates.js';
import { featureRoutes } from './define.js';

/**
 * Mandates: the lender's side (claim with the employee's PIN, list the claimed ones). The employee's side
 * lives under /api/employee/mandates. Which payee key a caller may act for is decided in the handler, in
 * the organisation holding the mandate's payee key.
 */
const route = featureRoutes('mandates');

export const claimMandate = route({
  id: 'claim-mandate',
  method: 'POST',
  path: '/api/mandates/claim',
  access: MANDATE_CLAIMERS,
  uses: { tables: ['directory', 'audit'], buckets: ['uploads'] },
  request: claimMandateRequestSchema,
  response: claimMandateResponseSchema,
  summary: 'A lender’s FI admin or data user claims a mandate with the PIN the employee received: its terms (NRC, payee key, limit, last month). Three wrong PINs lock it; another lender’s mandate is refused (403).',
});

export const listMandates = route({
  id: 'list-mandates',
  method: 'GET',
  path: '/api/mandates',
  access: MANDATE_CLAIMERS,
  uses: { tables: ['directory'] },
  response: mandateListResponseSchema,
  summary: 'The mandates claimed for the payee keys of the caller’s organisations (FI admin or data user there), newest claim first, with their use.',
});

export const MANDATES_ROUTES = [claimMandate, listMandates] as const;
