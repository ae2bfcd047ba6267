import { APPROVED, PLATFORM_ADMINS } from '../access.js';
import {
  billingOrganisationQuerySchema,
  billingPlanParamsSchema,
  billingPlanRequestSchema,
  billingResponseSchema,
  dashboardMetricsResponseSchema,
  organisationBillingResponseSchema,
} from '../api/dashboard.js';
import { featureRoutes } from './define.js';

/**
 * The dashboard's metrics and billing (spec part 1), and the billing plan platform admins set for an
 * organisation. Every figure comes from counters or one Query per key: none of these routes scans a table.
 */
const route = featureRoutes('dashboard');

export const getDashboardMetrics = route({
  id: 'get-dashboard-metrics',
  method: 'GET',
  path: '/api/dashboard/metrics',
  access: APPROVED,
  uses: { tables: { submissions: 'r12' }, userPool: 'm' },
  response: dashboardMetricsResponseSchema,
  summary: 'Submissions, inputs and stoppages (YTD, month, today), team count and 12 months: platform-wide for super/sys admins, else the organisation’s.',
});

export const getBilling = route({
  id: 'get-billing',
  method: 'GET',
  path: '/api/billing',
  access: APPROVED,
  uses: { tables: { submissions: 'r', directory: 'r2' } },
  response: billingResponseSchema,
  summary:
    'Plan, usage, amount due and next invoice of the caller’s organisation (all billed organisations for platform admins); 200 `configured: false` when no plan applies.',
});

export const findBillingOrganisation = route({
  id: 'find-billing-organisation',
  method: 'GET',
  path: '/api/admin/billing',
  access: PLATFORM_ADMINS,
  uses: { tables: { directory: 'r' } },
  query: billingOrganisationQuerySchema,
  response: organisationBillingResponseSchema,
  summary: '?q= a payee key or organisation id: the organisation and its billing plan, before a platform admin sets it.',
});

export const setBillingPlan = route({
  id: 'set-billing-plan',
  method: 'PUT',
  path: '/api/admin/billing/{org_id}',
  access: PLATFORM_ADMINS,
  uses: { tables: { directory: 'ra' } },
  params: billingPlanParamsSchema,
  request: billingPlanRequestSchema,
  response: organisationBillingResponseSchema,
  summary: 'Sets an organisation’s billing plan: a plan name and a price per upload or a flat monthly fee (ZMW); audited.',
});

export const DASHBOARD_ROUTES = [getDashboardMetrics, getBilling, findBillingOrganisation, setBillingPlan] as const;
