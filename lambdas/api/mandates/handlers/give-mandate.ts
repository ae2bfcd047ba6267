import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { findOrganisationByPayeeKey } from '#data/directory/organisations.js';
import { issueMandate } from '#data/mandates/mandates.js';
import { registerEntryByNrc } from '#data/register/versions.js';
import { BadRequestError, ConflictError, NotFoundError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { MANDATE_MESSAGES } from '#shared/api/mandates.js';
import * as routes from '#shared/routes/mandates.js';
import { currentMonth, lusakaDay } from '#shared/rules/dates.js';
import { countMandateGiven } from '../limits.js';
import { mandateView } from '../views.js';

/**
 * POST /api/employee/mandates {payee_key, max_monthly, last_month}: the employee gives a lender a mandate.
 * The number and a PIN go by SMS to the mobile on the current payroll register (never to a number the
 * caller types); the answer carries the number, never the PIN. A lender no organisation holds 404; an
 * employee no longer on the register 409. Past the employee's caps (open mandates, mandates a day, texts a
 * day to the mobile) 429 with a sentence, counted just before the mandate is made and texted.
 */
export const handler = createApiHandler(routes.giveMandate, async ({ caller: me, body }) => {
  if (body.last_month < currentMonth()) throw new BadRequestError(MANDATE_MESSAGES.lastMonth, 'validation_failed');
  const org = await findOrganisationByPayeeKey(body.payee_key);
  if (!org) throw new NotFoundError(MANDATE_MESSAGES.unknownLender(body.payee_key), 'unknown_lender');
  const entry = await registerEntryByNrc(me.nrc);
  if (!entry) throw new ConflictError(MANDATE_MESSAGES.notOnRegister, 'not_on_register');
  await countMandateGiven(entry.nrc, entry.mobile);
  const mandate = await issueMandate({
    nrc: entry.nrc,
    payee_key: body.payee_key,
    org_name: org.org_name,
    max_monthly: body.max_monthly,
    last_month: body.last_month,
    mobile: entry.mobile,
  });
  await writeAudit({
    actor: { userId: me.userId, email: null, roles: [] },
    action: 'mandate.give',
    subject: auditSubject.mandate(mandate.number),
    outcome: 'ok',
    details: { payee_key: body.payee_key, max_monthly: body.max_monthly, last_month: body.last_month },
  });
  return { statusCode: 201, body: { mandate: mandateView(mandate), message: MANDATE_MESSAGES.issued(mandate.number, lusakaDay(mandate.claim_by)) } };
});
