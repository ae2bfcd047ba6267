import { APPROVED, ROLE_SETS, rolesOnly } from '../access.js';
import {
  billingPlanRequestSchema,
  billingResponseSchema,
  dashboardMetricsResponseSchema,
  historyResponseSchema,
  organisationBillingResponseSchema,
} from '../api/insight.js';
import type { RouteDef } from '../routes.js';

const PLATFORM_ADMINS = rolesOnly(...ROLE_SETS.platformAdmins);

/**
 * Insight (issue 7): borrower history (spec part 2), the dashboard's metrics and billing (spec part 1),
 * and the billing plan platform admins set for an organisation. Every figure comes from counters or one
 * Query per key: none of these routes scans a table.
 */
export const INSIGHT_ROUTES = [
  {
    id: 'get-history',
    method: 'GET',
    path: '/api/history',
    access: APPROVED,
    handler: 'api/insight/get-history',
    uses: { tables: ['history', 'directory', 'audit'] },
    response: historyResponseSchema,
    summary: '?nrc=&months=3: a borrower’s deductions across lenders over the last months (one Query), audited.',
  },
  {
    id: 'get-dashboard-metrics',
    method: 'GET',
    path: '/api/dashboard/metrics',
    access: APPROVED,
    handler: 'api/insight/get-dashboard-metrics',
    uses: { tables: ['submissions', 'directory'], userPool: true },
    response: dashboardMetricsResponseSchema,
    summary: 'Submissions, inputs and stoppages (YTD, month, today), team count and 12 months: platform-wide for super/sys admins, else the organisation’s.',
  },
  {
    id: 'get-billing',
    method: 'GET',
    path: '/api/billing',
    access: APPROVED,
    handler: 'api/insight/get-billing',
    uses: { tables: ['submissions', 'directory'] },
    response: billingResponseSchema,
    summary: 'Plan, usage, amount due and next invoice of the caller’s organisation (all billed organisations for platform admins); 404 when not configured.',
  },
  {
    id: 'find-billing-organisation',
    method: 'GET',
    path: '/api/admin/billing',
    access: PLATFORM_ADMINS,
    handler: 'api/insight/find-billing-organisation',
    uses: { tables: ['directory'] },
    response: organisationBillingResponseSchema,
    summary: '?q= a payee key or organisation id: the organisation and its billing plan, before a platform admin sets it.',
  },
  {
    id: 'set-billing-plan',
    method: 'PUT',
    path: '/api/admin/billing/{org_id}',
    access: PLATFORM_ADMINS,
    handler: 'api/insight/set-billing-plan',
    uses: { tables: ['directory', 'audit'] },
    request: billingPlanRequestSchema,
    response: organisationBillingResponseSchema,
    summary: 'Sets an organisation’s billing plan: a plan name and a price per upload or a flat monthly fee (ZMW); audited.',
  },
] as const satisfies readonly RouteDef[];
