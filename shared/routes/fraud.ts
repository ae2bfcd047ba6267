import { ROLE_SETS, SIGNED_IN, rolesOnly } from '../access.js';
import {
  createFraudReportRequestSchema,
  createFraudReportResponseSchema,
  evidenceUploadRequestSchema,
  evidenceUploadResponseSchema,
  fraudSearchRequestSchema,
  fraudSearchResponseSchema,
  latestFraudReportsResponseSchema,
  registryCheckRequestSchema,
  registryCheckResponseSchema,
} from '../api/fraud.js';
import type { RouteDef } from '../routes.js';

const FRAUD_LIST = rolesOnly(...ROLE_SETS.fraudList);

/** The fraud registry (spec part 1): reports, attachments, checks and search. */
export const FRAUD_ROUTES = [
  {
    id: 'create-fraud-attachment-upload',
    method: 'POST',
    path: '/api/fraud-reports/attachments',
    access: SIGNED_IN,
    handler: 'api/fraud/create-attachment-upload',
    uses: { tables: ['directory', 'audit'], buckets: ['evidence'] },
    request: evidenceUploadRequestSchema,
    response: evidenceUploadResponseSchema,
    summary: 'A presigned POST for one evidence file into the caller’s own staging area (allowed types, 10 MB).',
  },
  {
    id: 'create-fraud-report',
    method: 'POST',
    path: '/api/fraud-reports',
    access: SIGNED_IN,
    handler: 'api/fraud/create-report',
    uses: { tables: ['registry', 'directory', 'audit'], buckets: ['evidence'] },
    request: createFraudReportRequestSchema,
    response: createFraudReportResponseSchema,
    summary: 'Files a fraud report: moves the staged attachments into place, then stores the report and its NRC summary.',
  },
  {
    id: 'list-fraud-reports',
    method: 'GET',
    path: '/api/fraud-reports',
    access: FRAUD_LIST,
    handler: 'api/fraud/list-reports',
    uses: { tables: ['registry', 'audit'], buckets: ['evidence'] },
    response: latestFraudReportsResponseSchema,
    summary: 'The latest fraud reports, newest first (limit default 50, minimum 10), with attachment links.',
  },
  {
    id: 'search-fraud-reports',
    method: 'POST',
    path: '/api/fraud-reports/search',
    access: FRAUD_LIST,
    handler: 'api/fraud/search-reports',
    uses: { tables: ['registry', 'directory', 'audit'], buckets: ['evidence'] },
    request: fraudSearchRequestSchema,
    response: fraudSearchResponseSchema,
    summary: 'Reports of a list of NRCs, newest first, with attachment links; paged above 100 NRCs; audited.',
  },
  {
    id: 'check-fraud-registry',
    method: 'POST',
    path: '/api/fraud-registry/check',
    access: SIGNED_IN,
    handler: 'api/fraud/check-registry',
    uses: { tables: ['registry', 'directory', 'audit'] },
    request: registryCheckRequestSchema,
    response: registryCheckResponseSchema,
    summary: 'Which NRCs of a list are on the fraud registry; audited.',
  },
] as const satisfies readonly RouteDef[];
