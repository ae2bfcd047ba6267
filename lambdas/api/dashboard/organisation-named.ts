import { findOrganisationByPayeeKey, getOrganisation, type Organisation } from '#data/directory/organisations.js';
import { BadRequestError, NotFoundError } from '#http/errors.js';
import { BILLING_MESSAGES } from '#shared/api/dashboard.js';
import { isUuid } from '#shared/ids.js';

/** An organisation named by its id (a UUID) or its payee key, as a platform admin types it. */
export async function organisationNamed(q: string | undefined): Promise<Organisation> {
  const value = (q ?? '').trim();
  if (!value || value.length > 64) throw new BadRequestError(BILLING_MESSAGES.enterOrganisation, 'validation_failed');
  const org = isUuid(value) ? await getOrganisation(value.toLowerCase()) : await findOrganisationByPayeeKey(value.toUpperCase());
  if (!org) throw new NotFoundError(BILLING_MESSAGES.noOrganisation, 'org_not_found');
  return org;
}
