import { findOrganisationByPayeeKey, type Organisation } from '#data/directory/organisations.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { BadRequestError, ForbiddenError } from '#http/errors.js';
import { FRAUD_MESSAGES } from '#shared/api/fraud.js';
import { isPlatformAdmin } from '#shared/roles.js';
import { actingOrganisation } from '../common/caller-organisation.js';

/**
 * The organisation a report is filed as: the one holding its payee key, read from the directory, so a
 * lender cannot file as another. Platform admins acting as the platform may name any organisation's key;
 * everyone else only the key of the organisation they act for. The refusal names that organisation's key.
 */
export async function reportingOrganisation(me: AuthenticatedCaller, payeeKey: string): Promise<Organisation> {
  if (isPlatformAdmin(me.roles)) {
    const org = await findOrganisationByPayeeKey(payeeKey);
    if (!org) throw new BadRequestError(FRAUD_MESSAGES.unknownPayeeKey(payeeKey), 'unknown_payee_key');
    return org;
  }
  const acting = actingOrganisation(me);
  const org = acting ? await findOrganisationByPayeeKey(payeeKey) : null;
  if (org && org.org_id === acting?.org_id) return org;
  throw new ForbiddenError(FRAUD_MESSAGES.notYourPayeeKey(acting?.payee_key ? [acting.payee_key] : []), 'not_approved');
}
