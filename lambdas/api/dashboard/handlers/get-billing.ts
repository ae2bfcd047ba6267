import { getBillingPlan, listBillingPlans } from '#data/directory/billing-plans.js';
import { getCounters } from '#data/submissions/counters.js';
import { createApiHandler } from '#http/handler.js';
import { BILLING_MESSAGES } from '#shared/api/dashboard.js';
import { isPlatformAdmin } from '#shared/roles.js';
import * as routes from '#shared/routes/dashboard.js';
import { actingOrganisation } from '../../common/caller-organisation.js';
import { dashboardPeriods } from '../periods.js';
import { organisationBillingView, platformBillingView } from '../views.js';

const notConfigured = { configured: false, message: BILLING_MESSAGES.notConfigured } as const;

/**
 * GET /api/billing (spec part 1 §2, §3 "Billing response", §7 billing-status): the plan a platform admin
 * set for the organisation the caller acts for, with this month's uploads (the organisation's submissions counter)
 * and what they cost. Platform admins see every billed organisation summed. When no plan applies (no
 * organisation, no plan yet) it answers 200 `configured: false`, a normal state: the dashboard then
 * reads 'Billing not configured' (spec §8 "404 or not found yields dashes").
 */
export const handler = createApiHandler(routes.getBilling, async ({ caller: me }) => {
  const { month, current } = dashboardPeriods(new Date(), 1);
  if (isPlatformAdmin(me.roles)) {
    const plans = await listBillingPlans();
    if (plans.length === 0) return notConfigured;
    const counters = await getCounters(plans.map((plan) => ({ scope: `ORG#${plan.org_id}`, period: month })));
    return platformBillingView(plans, (orgId) => counters.get(`ORG#${orgId}|${month}`)?.submissions ?? 0, current);
  }
  const membership = actingOrganisation(me);
  if (!membership) return notConfigured;
  const scope = `ORG#${membership.org_id}`;
  const [plan, counters] = await Promise.all([getBillingPlan(membership.org_id), getCounters([{ scope, period: month }])]);
  if (!plan) return notConfigured;
  return organisationBillingView({ ...plan, org_name: membership.org_name || plan.org_name }, counters.get(`${scope}|${month}`)?.submissions ?? 0, current);
});
