import { EMPLOYEE, PUBLIC } from '../access.js';
import {
  claimMandateRequestSchema,
  claimMandateResponseSchema,
  issueMandateRequestSchema,
  issueMandateResponseSchema,
  MANDATE_CLAIMERS,
  mandateLenderResponseSchema,
  mandateListResponseSchema,
  mandateRequirementResponseSchema,
  myMandateListQuerySchema,
  myMandateListResponseSchema,
  revokeMandateResponseSchema,
} from '../api/mandates.js';
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
  openToClients: true,
  uses: { tables: { directory: 'ra', history: 'w' }, buckets: { uploads: {} } },
  request: claimMandateRequestSchema,
  response: claimMandateResponseSchema,
  summary:
    'A lender’s FI admin or data user claims a mandate with the PIN the employee received: its terms (NRC, payee key, limit, last month). Three wrong PINs lock it; another lender’s mandate answers as an unknown number (404); past 20 failed claims an hour the organisation gets 429.',
});

export const listMandates = route({
  id: 'list-mandates',
  method: 'GET',
  path: '/api/mandates',
  access: MANDATE_CLAIMERS,
  openToClients: true,
  uses: { tables: { directory: 'r2' } },
  response: mandateListResponseSchema,
  summary: 'The mandates claimed for the payee keys of the caller’s organisations (FI admin or data user there), newest claim first, with their use.',
});

export const listMyMandates = route({
  id: 'list-my-mandates',
  method: 'GET',
  path: '/api/employee/mandates',
  access: EMPLOYEE,
  uses: {},
  query: myMandateListQuerySchema,
  response: myMandateListResponseSchema,
  summary:
    'The signed-in employee’s mandates, newest first, with their states (issued, claimed, used, revoked, expired), 50 a page: `next_cursor` (null at the end) is the next page’s `cursor`.',
});

export const getMandateLender = route({
  id: 'get-mandate-lender',
  method: 'GET',
  path: '/api/employee/lenders/{payee_key}',
  access: EMPLOYEE,
  uses: {},
  response: mandateLenderResponseSchema,
  summary: 'The lender a payee key names (its organisation’s name), shown back to an employee before they give a mandate; 404 when none.',
});

export const giveMandate = route({
  id: 'give-mandate',
  method: 'POST',
  path: '/api/employee/mandates',
  access: EMPLOYEE,
  uses: { tables: { directory: 'rwd', register: 'r' }, sendsSms: true },
  request: issueMandateRequestSchema,
  response: issueMandateResponseSchema,
  summary:
    'The employee gives a lender a mandate (payee key, monthly limit, last month): its number on screen, the number and a PIN by SMS to the register’s mobile. 429 past 5 given in a day, 20 open at once, or 20 texts a day to the mobile.',
});

export const revokeMandate = route({
  id: 'revoke-mandate',
  method: 'POST',
  path: '/api/employee/mandates/{number}/revoke',
  access: EMPLOYEE,
  uses: { tables: { directory: 'rw', history: 'w' } },
  response: revokeMandateResponseSchema,
  summary: 'The employee revokes one of their mandates not yet used (issued or claimed); 409 with its state otherwise.',
});

export const getMandateRequirement = route({
  id: 'get-mandate-requirement',
  method: 'GET',
  path: '/api/mandates/requirement',
  access: PUBLIC,
  uses: {},
  response: mandateRequirementResponseSchema,
  summary: 'From which month a new deduction must cite a mandate (null: not required), announced on the sign-in screen before anyone signs in.',
});

export const MANDATES_ROUTES = [getMandateRequirement, claimMandate, listMandates, listMyMandates, getMandateLender, giveMandate, revokeMandate] as const;
