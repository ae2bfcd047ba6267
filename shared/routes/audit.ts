import { ROLE_SETS, rolesOnly } from '../access.js';
import { auditListResponseSchema, nrcAuditResponseSchema } from '../api/audit.js';
import type { RouteDef } from '../routes.js';

const PLATFORM_ADMINS = rolesOnly(...ROLE_SETS.platformAdmins);

/** The audit log reader (issue 8 §5): super and system admins only; reading it is audited too. */
export const AUDIT_ROUTES = [
  {
    id: 'list-audit',
    method: 'GET',
    path: '/api/admin/audit',
    access: PLATFORM_ADMINS,
    handler: 'api/audit/list-audit',
    uses: { tables: ['audit'] },
    response: auditListResponseSchema,
    summary: 'Audit entries newest first, 50 a page: ?from=&to= (days, at most 92) and optional action, actor, outcome, subject.',
  },
  {
    id: 'get-nrc-audit',
    method: 'GET',
    path: '/api/admin/audit/nrc',
    access: PLATFORM_ADMINS,
    handler: 'api/audit/nrc-audit',
    uses: { tables: ['audit'] },
    response: nrcAuditResponseSchema,
    summary: "?nrc= one person's trail: who looked the NRC up and who reported it (a data subject's request).",
  },
] as const satisfies readonly RouteDef[];
