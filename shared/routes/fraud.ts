import { APPROVED, FRAUD_LIST, ORG_ADMINS } from '../access.js';
import {
  FRAUD_MESSAGES,
  createFraudReportRequestSchema,
  createFraudReportResponseSchema,
  evidenceUploadRequestSchema,
  evidenceUploadResponseSchema,
  fraudSearchRequestSchema,
  fraudSearchResponseSchema,
  latestFraudReportsQuerySchema,
  latestFraudReportsResponseSchema,
  registryCheckRequestSchema,
  registryCheckResponseSchema,
  withdrawFraudReportRequestSchema,
  withdrawFraudReportResponseSchema,
} from '../api/fraud.js';
import { featureRoutes } from './define.js';

/** The fraud registry (spec part 1): reports, attachments, checks and search. */
const route = featureRoutes('fraud');

export const createFraudAttachmentUpload = route({
  id: 'create-fraud-attachment-upload',
  method: 'POST',
  path: '/api/fraud-reports/attachments',
  access: APPROVED,
  uses: { buckets: { evidence: { staging: 'w' } } },
  request: evidenceUploadRequestSchema,
  response: evidenceUploadResponseSchema,
  summary: 'A presigned POST for one evidence file into the caller’s own staging area (allowed types, 10 MB).',
});

export const createFraudReport = route({
  id: 'create-fraud-report',
  method: 'POST',
  path: '/api/fraud-reports',
  access: APPROVED,
  pendingMessage: FRAUD_MESSAGES.notYourPayeeKey([]),
  openToClients: true,
  uses: { tables: { registry: 'rw' }, buckets: { evidence: { staging: 'rdl', filed: 'rw' } } },
  request: createFraudReportRequestSchema,
  response: createFraudReportResponseSchema,
  summary: 'Files a fraud report: moves the staged attachments into place, then stores the report and its NRC summary.',
});

export const listFraudReports = route({
  id: 'list-fraud-reports',
  method: 'GET',
  path: '/api/fraud-reports',
  access: FRAUD_LIST,
  openToClients: true,
  uses: { tables: { registry: '1', audit: 'a' }, buckets: { evidence: { filed: 'r' } } },
  query: latestFraudReportsQuerySchema,
  response: latestFraudReportsResponseSchema,
  summary: 'The latest fraud reports, newest first (limit default 50, minimum 10), with attachment links.',
});

export const searchFraudReports = route({
  id: 'search-fraud-reports',
  method: 'POST',
  path: '/api/fraud-reports/search',
  access: FRAUD_LIST,
  openToClients: true,
  uses: { tables: { registry: 'r' }, buckets: { evidence: { filed: 'r' } } },
  request: fraudSearchRequestSchema,
  response: fraudSearchResponseSchema,
  summary: 'Reports of a list of NRCs, newest first, with attachment links; paged above 100 NRCs; audited.',
});

export const checkFraudRegistry = route({
  id: 'check-fraud-registry',
  method: 'POST',
  path: '/api/fraud-registry/check',
  access: APPROVED,
  openToClients: true,
  uses: { tables: { registry: 'r' } },
  request: registryCheckRequestSchema,
  response: registryCheckResponseSchema,
  summary: 'Which NRCs of a list are on the fraud registry; audited.',
});

export const withdrawFraudReport = route({
  id: 'withdraw-fraud-report',
  method: 'POST',
  path: '/api/fraud-reports/{id}/withdraw',
  access: ORG_ADMINS,
  uses: { tables: { registry: 'rw', directory: 'a' }, buckets: { evidence: { filed: 'r' }, uploads: {} } },
  request: withdrawFraudReportRequestSchema,
  response: withdrawFraudReportResponseSchema,
  summary:
    'Withdraws an active report with a reason (admins of the organisation that filed it, platform admins): it stops flagging at once and stays in search with its status. One of two concurrent withdrawals wins; the other gets 409.',
});

export const FRAUD_ROUTES = [
  createFraudAttachmentUpload,
  createFraudReport,
  listFraudReports,
  searchFraudReports,
  checkFraudRegistry,
  withdrawFraudReport,
] as const;
