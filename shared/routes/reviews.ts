import { REVIEWERS, REVIEWERS_AND_ORG_ADMINS } from '../access.js';
import {
  assignRequestSchema,
  bulkDecisionRequestSchema,
  bulkDecisionResponseSchema,
  decisionRequestSchema,
  decisionResponseSchema,
  pmecAdminsResponseSchema,
  submissionFileResponseSchema,
  submissionListQuerySchema,
  submissionListResponseSchema,
} from '../api/reviews.js';
import { featureRoutes } from './define.js';

/** Submission reviews and reports (spec part 2): reviewers see every submission, organisation admins their organisation's. */
const route = featureRoutes('reviews');

export const listSubmissions = route({
  id: 'list-submissions',
  method: 'GET',
  path: '/api/submissions',
  access: REVIEWERS_AND_ORG_ADMINS,
  openToClients: true,
  uses: { tables: { submissions: '12' } },
  query: submissionListQuerySchema,
  response: submissionListResponseSchema,
  summary:
    '?scope=reviews|reports&status=&kind=&timing=late&q=&cursor=&limit=: newest first. Reviews: reviewers see all, 50 a page. Reports: platform admins all, organisation admins their organisation’s, up to 200.',
});

export const decideSubmission = route({
  id: 'decide-submission',
  method: 'POST',
  path: '/api/submissions/{id}/decision',
  access: REVIEWERS,
  uses: { tables: { directory: 'a', submissions: 'rw' }, buckets: { uploads: {} } },
  request: decisionRequestSchema,
  response: decisionResponseSchema,
  summary:
    'approve / reject (note required) a pending submission (compliance, platform admins); complete a fi_approved one (PMEC admins, platform admins). Atomic: one of two concurrent decisions wins, the other gets 409.',
});

export const decideSubmissions = route({
  id: 'decide-submissions',
  method: 'POST',
  path: '/api/submissions/decisions',
  access: REVIEWERS,
  uses: { tables: { directory: 'a', submissions: 'rw' }, buckets: { uploads: {} } },
  request: bulkDecisionRequestSchema,
  response: bulkDecisionResponseSchema,
  summary: "Bulk decisions: the same rules for each id, answered 'Bulk {decision}: N succeeded, M failed.' with each failure's reason.",
});

export const assignSubmission = route({
  id: 'assign-submission',
  method: 'POST',
  path: '/api/submissions/{id}/assign',
  access: REVIEWERS,
  uses: { tables: { directory: 'a', submissions: 'rw' }, buckets: { uploads: {} }, userPool: 'u' },
  request: assignRequestSchema,
  response: decisionResponseSchema,
  summary: 'Assigns a fi_approved submission to a PMEC admin by email (checked against the pmec_admin group).',
});

export const getSubmissionFile = route({
  id: 'get-submission-file',
  method: 'GET',
  path: '/api/submissions/{id}/file',
  access: REVIEWERS_AND_ORG_ADMINS,
  uses: { tables: { submissions: 'r', audit: 'a' }, buckets: { uploads: { stored: 'rl' } } },
  response: submissionFileResponseSchema,
  summary: "A 60-second download link to a submission's file (reviewers: any; organisation admins: their organisation's), audited.",
});

export const listPmecAdmins = route({
  id: 'list-pmec-admins',
  method: 'GET',
  path: '/api/pmec-admins',
  access: REVIEWERS,
  uses: { userPool: 'm' },
  response: pmecAdminsResponseSchema,
  summary: "The PMEC admins' emails, for the reviews screen's assign picker.",
});

export const REVIEWS_ROUTES = [listSubmissions, decideSubmission, decideSubmissions, assignSubmission, getSubmissionFile, listPmecAdmins] as const;
