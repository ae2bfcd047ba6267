import { getOrganisation } from '#data/directory/organisations.js';
import { listClaimedMandates } from '#data/mandates/mandates.js';
import { createApiHandler } from '#http/handler.js';
import { organisationsWith } from '#shared/access.js';
import { MANDATE_CLAIMERS } from '#shared/api/mandates.js';
import * as routes from '#shared/routes/mandates.js';
import { mandateView } from '../views.js';

/**
 * GET /api/mandates: the mandates claimed for the payee keys of every organisation where the caller is an
 * FI admin or a data user, newest claim first (at most 200 a payee key), with the month each was used.
 */
export const handler = createApiHandler(routes.listMandates, async ({ caller: me }) => {
  const orgs = await Promise.all(organisationsWith(me, MANDATE_CLAIMERS.roles).map(getOrganisation));
  const payeeKeys = [...new Set(orgs.flatMap((org) => (org?.payee_key ? [org.payee_key] : [])))];
  const lists = await Promise.all(payeeKeys.map((key) => listClaimedMandates(key)));
  const mandates = lists.flat().sort((a, b) => (b.claimed_at ?? '').localeCompare(a.claimed_at ?? ''));
  return { mandates: mandates.map(mandateView) };
});
