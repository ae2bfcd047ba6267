import { PLATFORM_ADMINS } from '../access.js';
import { auditListResponseSchema, auditQuerySchema, nrcAuditQuerySchema, nrcAuditResponseSchema } from '../api/audit.js';
import { featureRoutes } from './define.js';

/** The audit log reader: super and system admins only; reading it is audited too. */
const route = featureRoutes('audit');

export const listAudit = route({
  id: 'list-audit',
  method: 'GET',
  path: '/api/admin/audit',
  access: PLATFORM_ADMINS,
  uses: { tables: { audit: 'qa1' } },
  query: auditQuerySchema,
  response: auditListResponseSchema,
  summary: 'Audit entries newest first, 50 a page: ?from=&to= (days, at most 92) and optional action, actor, outcome, subject.',
});

export const getNrcAudit = route({
  id: 'get-nrc-audit',
  method: 'GET',
  path: '/api/admin/audit/nrc',
  access: PLATFORM_ADMINS,
  uses: { tables: { audit: 'a1' } },
  query: nrcAuditQuerySchema,
  response: nrcAuditResponseSchema,
  summary: "?nrc= one person's trail: who looked the NRC up and who reported it (a data subject's request).",
});

export const AUDIT_ROUTES = [listAudit, getNrcAudit] as const;
