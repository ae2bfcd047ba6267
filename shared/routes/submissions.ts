import { APPROVED } from '../access.js';
import { signalPageQuerySchema, signalPageResponseSchema } from '../api/signals.js';
import {
  SUBMISSION_MESSAGES,
  createUploadRequestSchema,
  createUploadResponseSchema,
  reportLinkResponseSchema,
  submissionResponseSchema,
  submitUploadResponseSchema,
  uploadResponseSchema,
} from '../api/submissions.js';
import { featureRoutes } from './define.js';

/**
 * Submissions (spec part 1): uploads, validation, submit. Access here is "signed in"; who may act for
 * which payee key or organisation is decided in the handlers against the directory (platform admins:
 * any key; others: approved members only).
 */
const route = featureRoutes('submissions');

export const createUpload = route({
  id: 'create-upload',
  method: 'POST',
  path: '/api/uploads',
  access: APPROVED,
  pendingMessage: SUBMISSION_MESSAGES.notApproved,
  openToClients: true,
  uses: { tables: { directory: 'r', submissions: 'rqa' }, buckets: { uploads: { incoming: 'w' } } },
  request: createUploadRequestSchema,
  response: createUploadResponseSchema,
  summary:
    "Starts an upload for a payee key the caller may submit for: a presigned POST limited in size and type. A deduction file counts against its organisation's validations a day (the `validations.per_day` setting): 429 past it.",
});

export const getUpload = route({
  id: 'get-upload',
  method: 'GET',
  path: '/api/uploads/{id}',
  access: APPROVED,
  openToClients: true,
  uses: { tables: { submissions: 'r' }, buckets: { uploads: { results: 'rl' } } },
  response: uploadResponseSchema,
  summary: "An upload's validation: stage, summary, preview, issues (lists capped, with totals) and deduction signals (the first page of each type).",
});

export const getUploadReport = route({
  id: 'get-upload-report',
  method: 'GET',
  path: '/api/uploads/{id}/report',
  access: APPROVED,
  openToClients: true,
  uses: { tables: { submissions: 'r' }, buckets: { uploads: { results: 'r' } } },
  response: reportLinkResponseSchema,
  summary: 'A short-lived link to the full CSV report of an upload (every issue, formulas neutralised).',
});

export const getUploadSignals = route({
  id: 'get-upload-signals',
  method: 'GET',
  path: '/api/uploads/{id}/signals',
  access: APPROVED,
  openToClients: true,
  uses: { tables: { submissions: 'r' }, buckets: { uploads: { results: 'rl' } } },
  query: signalPageQuerySchema,
  response: signalPageResponseSchema,
  summary:
    "?type=NEW&offset=200: a page of one type of an upload's deduction signals (its organisation; reviewers once it is submitted). `on_record`, the register's or other lenders' side, only for PMEC's reviewers and platform admins.",
});

export const submitUpload = route({
  id: 'submit-upload',
  method: 'POST',
  path: '/api/uploads/{id}/submit',
  access: APPROVED,
  pendingMessage: SUBMISSION_MESSAGES.notApproved,
  openToClients: true,
  uses: {
    tables: { directory: 'ra', submissions: 'rqw', register: 'ra' },
    buckets: {
      uploads: { incoming: 'rl', ingest: 'rw', unexpectedJobs: 'w', stored: 'w', storedRegister: 'w', storedApplied: 'w' },
      onboarding: { stored: 'w' },
    },
  },
  response: submitUploadResponseSchema,
  summary: 'Submits a validated upload without errors (once: repeating returns the same submission); onboarding files are stored.',
});

export const getSubmission = route({
  id: 'get-submission',
  method: 'GET',
  path: '/api/submissions/{id}',
  access: APPROVED,
  openToClients: true,
  uses: { tables: { submissions: 'r' } },
  response: submissionResponseSchema,
  summary: 'One submission with its ingestion counts once ingested (reviewers: all; others: their organisation).',
});

export const SUBMISSIONS_ROUTES = [createUpload, getUpload, getUploadReport, getUploadSignals, submitUpload, getSubmission] as const;
