import { SIGNED_IN } from '../access.js';
import {
  createUploadRequestSchema,
  createUploadResponseSchema,
  reportLinkResponseSchema,
  submissionResponseSchema,
  submitUploadResponseSchema,
  uploadResponseSchema,
} from '../api/submissions.js';
import type { RouteDef } from '../routes.js';

/**
 * Submissions (spec part 1): uploads, validation, submit, reviews, history, metrics.
 * Access here is "signed in"; who may act for which payee key or organisation is decided in the
 * handlers against the directory (platform admins: any key; others: approved members only).
 */
export const SUBMISSION_ROUTES = [
  {
    id: 'create-upload',
    method: 'POST',
    path: '/api/uploads',
    access: SIGNED_IN,
    handler: 'api/submissions/create-upload',
    uses: { tables: ['directory', 'submissions', 'audit'], buckets: ['uploads'] },
    request: createUploadRequestSchema,
    response: createUploadResponseSchema,
    summary: 'Starts an upload for a payee key the caller may submit for: a presigned POST limited in size and type.',
  },
  {
    id: 'get-upload',
    method: 'GET',
    path: '/api/uploads/{id}',
    access: SIGNED_IN,
    handler: 'api/submissions/get-upload',
    uses: { tables: ['directory', 'submissions'] },
    response: uploadResponseSchema,
    summary: "An upload's validation: stage, summary, preview and issues (lists capped, with totals).",
  },
  {
    id: 'get-upload-report',
    method: 'GET',
    path: '/api/uploads/{id}/report',
    access: SIGNED_IN,
    handler: 'api/submissions/get-upload-report',
    uses: { tables: ['directory', 'submissions'], buckets: ['uploads'] },
    response: reportLinkResponseSchema,
    summary: 'A short-lived link to the full CSV report of an upload (every issue, formulas neutralised).',
  },
  {
    id: 'submit-upload',
    method: 'POST',
    path: '/api/uploads/{id}/submit',
    access: SIGNED_IN,
    handler: 'api/submissions/submit-upload',
    uses: { tables: ['directory', 'submissions', 'audit'], buckets: ['uploads', 'onboarding'] },
    response: submitUploadResponseSchema,
    summary: 'Submits a validated upload without errors (once: repeating returns the same submission); onboarding files are stored.',
  },
  {
    id: 'get-submission',
    method: 'GET',
    path: '/api/submissions/{id}',
    access: SIGNED_IN,
    handler: 'api/submissions/get-submission',
    uses: { tables: ['directory', 'submissions'] },
    response: submissionResponseSchema,
    summary: 'One submission with its ingestion counts once ingested (reviewers: all; others: their organisation).',
  },
] as const satisfies readonly RouteDef[];
