import { findOrganisationByPayeeKey } from '#data/directory/organisations.js';
import { NotFoundError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { MANDATE_MESSAGES } from '#shared/api/mandates.js';
import * as routes from '#shared/routes/mandates.js';
import { normalisePayeeKey } from '#shared/rules/payee-key.js';

/** GET /api/employee/lenders/{payee_key}: the lender's name, so the employee confirms whom they give a mandate to. */
export const handler = createApiHandler(routes.getMandateLender, async ({ params }) => {
  const payeeKey = normalisePayeeKey(params.payee_key);
  const org = await findOrganisationByPayeeKey(payeeKey);
  if (!org) throw new NotFoundError(MANDATE_MESSAGES.unknownLender(payeeKey), 'unknown_lender');
  return { payee_key: payeeKey, org_name: org.org_name };
});
