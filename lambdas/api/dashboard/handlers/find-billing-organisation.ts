import { getBillingPlan } from '#data/directory/billing-plans.js';
import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/dashboard.js';
import { organisationNamed } from '../organisation-named.js';
import { organisationPlanView } from '../views.js';

/** GET /api/admin/billing?q=: the organisation and its current plan, so an admin sees whose plan they set. */
export const handler = createApiHandler(routes.findBillingOrganisation, async ({ query }) => {
  const org = await organisationNamed(query.q);
  return organisationPlanView(org, await getBillingPlan(org.org_id));
});
