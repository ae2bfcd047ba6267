import { DISPUTE_DECIDERS, REVIEWERS, REVIEWERS_AND_ORG_ADMINS, ORG_ADMINS } from '../access.js';
import {
  decideDisputeRequestSchema,
  disputeEvidenceRequestSchema,
  disputeEvidenceResponseSchema,
  disputeListResponseSchema,
  disputeResponseSchema,
  listDisputesQuerySchema,
  openDisputeRequestSchema,
  respondDisputeRequestSchema,
} from '../api/disputes.js';
import { featureRoutes } from './define.js';

/** Disputes of unauthorised deductions. Who may act on which dispute is decided in lambdas/api/common/dispute-rights.ts. */
const route = featureRoutes('disputes');

export const openDispute = route({
  id: 'open-dispute',
  method: 'POST',
  path: '/api/disputes',
  access: REVIEWERS,
  uses: { tables: { submissions: 'a', history: 'r', directory: 'a', register: 'rq' }, buckets: { uploads: {} } },
  request: openDisputeRequestSchema,
  response: disputeResponseSchema,
  summary: 'Opens a dispute on a deduction on record (NRC, payee key, month) with a reason: compliance, PMEC admins, platform admins.',
});

export const listDisputes = route({
  id: 'list-disputes',
  method: 'GET',
  path: '/api/disputes',
  access: REVIEWERS_AND_ORG_ADMINS,
  uses: { tables: { submissions: '12', audit: '' } },
  query: listDisputesQuerySchema,
  response: disputeListResponseSchema,
  summary: 'Disputes newest first, by status: reviewers see all; FI admins those on their organisations’ payee keys.',
});

export const getDispute = route({
  id: 'get-dispute',
  method: 'GET',
  path: '/api/disputes/{id}',
  access: REVIEWERS_AND_ORG_ADMINS,
  uses: { tables: { submissions: 'r', audit: '' }, buckets: { evidence: { disputes: 'rvl' } } },
  response: disputeResponseSchema,
  summary: 'One dispute with links to its evidence, to those who may see it (404 to anyone else).',
});

export const respondToDispute = route({
  id: 'respond-to-dispute',
  method: 'POST',
  path: '/api/disputes/{id}/response',
  access: ORG_ADMINS,
  uses: { tables: { submissions: 'rw' } },
  request: respondDisputeRequestSchema,
  response: disputeResponseSchema,
  summary: 'The lender’s admins answer an open dispute with a message: it becomes answered.',
});

export const decideDispute = route({
  id: 'decide-dispute',
  method: 'POST',
  path: '/api/disputes/{id}/decision',
  access: DISPUTE_DECIDERS,
  uses: { tables: { submissions: 'rwd', history: 'w', registry: 'qw', directory: 'a' }, buckets: { uploads: {} } },
  request: decideDisputeRequestSchema,
  response: disputeResponseSchema,
  summary:
    'Compliance or a platform admin upholds or dismisses a dispute with a note; of two decisions at once one wins, the other gets 409 with the current state. Upheld marks the deduction on history and the lender’s fraud reports on the borrower as disputed.',
});

export const createDisputeEvidenceUpload = route({
  id: 'create-dispute-evidence-upload',
  method: 'POST',
  path: '/api/disputes/{id}/evidence',
  access: REVIEWERS_AND_ORG_ADMINS,
  uses: { tables: { submissions: 'rw' }, buckets: { evidence: { disputes: 'w' } } },
  request: disputeEvidenceRequestSchema,
  response: disputeEvidenceResponseSchema,
  summary: 'A presigned POST for one PDF (≤ 10 MB) of evidence on a dispute not yet decided, for its reviewers or the lender’s admins.',
});

export const DISPUTES_ROUTES = [openDispute, listDisputes, getDispute, respondToDispute, decideDispute, createDisputeEvidenceUpload] as const;
