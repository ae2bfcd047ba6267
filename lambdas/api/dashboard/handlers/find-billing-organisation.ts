import { isUuid } from '../../../../shared/api/admin.js';
import { BILLING_MESSAGES } from '../../../../shared/api/dashboard.js';
import { getBillingPlan } from '../../../data/billing.js';
import { findOrganisationByPayeeKey, getOrganisation, type Organisation } from '../../../data/directory.js';
import { BadRequestError, NotFoundError } from '../../../lib/errors.js';
import { createApiHandler } from '../../../lib/handler.js';
import { organisationBillingResponse } from '../billing-views.js';

/** An organisation named by its id (a UUID) or its payee key, as a platform admin types it. */
export async function organisationNamed(q: string | undefined): Promise<Organisation> {
  const value = (q ?? '').trim();
  if (!value || value.length > 64) throw new BadRequestError(BILLING_MESSAGES.enterOrganisation, 'validation_failed');
  const org = isUuid(value) ? await getOrganisation(value.toLowerCase()) : await findOrganisationByPayeeKey(value.toUpperCase());
  if (!org) throw new NotFoundError(BILLING_MESSAGES.noOrganisation, 'org_not_found');
  return org;
}

/** GET /api/admin/billing?q=: the organisation and its current plan, so an admin sees whose plan they set. */
export const handler = createApiHandler('find-billing-organisation', async ({ query }) => {
  const org = await organisationNamed(query.q);
  return organisationBillingResponse(org, await getBillingPlan(org.org_id));
});
