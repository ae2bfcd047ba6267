import { FRAUD_MESSAGES } from '../../../shared/api/fraud.js';
import { isPlatformAdmin } from '../../../shared/roles.js';
import { approvedMembershipForPayeeKey, findOrganisationByPayeeKey, type Organisation } from '../../data/directory.js';
import { listUserMemberships } from '../../data/memberships.js';
import type { AuthenticatedCaller } from '../../http/caller.js';
import { BadRequestError, ForbiddenError } from '../../http/errors.js';

/**
 * The organisation a report is filed as: the one holding its payee key, read from the directory, so a
 * lender cannot file as another. Platform admins may name any organisation's key; everyone else only a
 * key of an organisation they are an approved member of. The refusal names the caller's own keys.
 */
export async function reportingOrganisation(me: AuthenticatedCaller, payeeKey: string): Promise<Organisation> {
  if (isPlatformAdmin(me.roles)) {
    const org = await findOrganisationByPayeeKey(payeeKey);
    if (!org) throw new BadRequestError(FRAUD_MESSAGES.unknownPayeeKey(payeeKey), 'unknown_payee_key');
    return org;
  }
  const approved = await approvedMembershipForPayeeKey(me.userId, payeeKey);
  if (approved) return approved.org;
  const own = (await listUserMemberships(me.userId)).filter((m) => m.status === 'approved' && m.payee_key).map((m) => m.payee_key!);
  throw new ForbiddenError(FRAUD_MESSAGES.notYourPayeeKey([...new Set(own)].sort()), 'not_approved');
}
