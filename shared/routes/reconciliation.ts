import { APPROVED, REGISTER_KEEPERS, rolesOnly, ROLE_SETS } from '../access.js';
import { collectionRatesQuerySchema, collectionRatesResponseSchema } from '../api/collection-rates.js';
import {
  appliedDecisionRequestSchema,
  appliedDecisionResponseSchema,
  appliedReplacementQuerySchema,
  appliedReplacementResponseSchema,
} from '../api/reconciliation-replacement.js';
import { reconciliationQuerySchema, reconciliationResponseSchema } from '../api/reconciliation.js';
import { featureRoutes } from './define.js';

/** Reconciliation per lender: the month's frozen payroll schedule against what the payroll applied. */
const route = featureRoutes('reconciliation');
/** Routes of the submissions feature kept here, so only the screens that call them load them (the upload screen does not). */
const submissionsRoute = featureRoutes('submissions');

export const getReconciliation = route({
  id: 'get-reconciliation',
  method: 'GET',
  path: '/api/reconciliation',
  access: APPROVED,
  openToClients: true,
  uses: { tables: { submissions: 'rq', audit: 'a', directory: 'r' }, buckets: { uploads: { results: 'rwl' } } },
  query: reconciliationQuerySchema,
  response: reconciliationResponseSchema,
  summary:
    "A month's reconciliation for a lender (expected and applied totals, counts by status, a page of lines filtered by status and NRC, a CSV link) and the per-lender table. Lenders see their own payee keys only; the payroll authority, PMEC compliance and platform admins see every lender.",
});

export const getAppliedReplacement = route({
  id: 'get-applied-replacement',
  method: 'GET',
  path: '/api/reconciliation/replacement',
  access: REGISTER_KEEPERS,
  uses: { tables: { submissions: 'r', audit: 'a' } },
  query: appliedReplacementQuerySchema,
  response: appliedReplacementResponseSchema,
  summary:
    "The month's proposed replacement of its applied deductions file, awaiting a second admin of the payroll authority: who proposed it, when it expires, and each lender's totals in the recorded file and in the proposed one.",
});

/** Beside Submit, which proposes: its handler calls the seam Submit calls (lambdas/api/submissions/applied-recorded.ts). */
export const decideAppliedReplacement = submissionsRoute({
  id: 'decide-applied-replacement',
  method: 'POST',
  path: '/api/uploads/{id}/replacement-decision',
  access: REGISTER_KEEPERS,
  uses: { tables: { directory: 'ra', submissions: 'rqad' }, buckets: { uploads: { ingest: 'w', unexpectedJobs: 'w' } } },
  request: appliedDecisionRequestSchema,
  response: appliedDecisionResponseSchema,
  summary:
    "Approves or rejects a proposed replacement of a month's applied deductions file: another admin of the payroll authority than the proposer, within 7 days, while the schedule version it answers is the latest. Approval makes it the month's reconciliation; the file before is kept.",
});

export const getCollectionRates = route({
  id: 'get-collection-rates',
  method: 'GET',
  path: '/api/reconciliation/collection-rates',
  access: rolesOnly(...ROLE_SETS.reviewers),
  uses: { tables: { submissions: 'r', audit: 'a' } },
  query: collectionRatesQuerySchema,
  response: collectionRatesResponseSchema,
  summary:
    "Each lender's collection rate (applied / expected) in each of the 12 months ending with the month asked for, from the months' recorded reconciliations: for the payroll authority, PMEC compliance and platform admins.",
});

export const RECONCILIATION_ROUTES = [getReconciliation, getAppliedReplacement, decideAppliedReplacement, getCollectionRates] as const;
