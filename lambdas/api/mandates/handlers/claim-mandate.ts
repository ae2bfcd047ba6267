import { isAllowedIn } from '../../../../shared/access.js';
import { MANDATE_CLAIMERS, MANDATE_MESSAGES } from '../../../../shared/api/mandates.js';
import * as routes from '../../../../shared/routes/mandates.js';
import { writeAudit } from '../../../data/audit.js';
import { findOrganisationByPayeeKey } from '../../../data/directory.js';
import { claimMandate, type Refusal } from '../../../data/mandate-claims.js';
import { getStoredMandate } from '../../../data/mandates.js';
import { queueNotification } from '../../../data/notifications.js';
import { confirmAllowed } from '../../../http/caller.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../../http/errors.js';
import { createApiHandler } from '../../../http/handler.js';
import { mandateView } from '../views.js';

const REFUSED: Record<Refusal, string> = {
  locked: MANDATE_MESSAGES.locked,
  claimed: MANDATE_MESSAGES.alreadyClaimed,
  revoked: MANDATE_MESSAGES.revoked,
  expired: MANDATE_MESSAGES.expired,
};

/**
 * POST /api/mandates/claim {mandate_number, pin}: an FI admin or data user of the organisation holding the
 * mandate's payee key claims it with the employee's PIN and gets its terms back; the employee is texted.
 * Unknown number 404; another lender's mandate 403; a wrong PIN 400 with the tries left (the third locks
 * it); a mandate claimed, locked, revoked or expired 409 with its state. Every outcome is audited.
 */
export const handler = createApiHandler(routes.claimMandate, async ({ caller: me, body }) => {
  const number = body.mandate_number;
  const subject = `MANDATE#${number}`;
  const refuse = async (reason: string, error: Error) => {
    await writeAudit({ actor: me, action: 'mandate.claim', subject, outcome: 'refused', details: { reason } });
    throw error;
  };
  const stored = await getStoredMandate(number);
  if (!stored) return refuse('not_found', new NotFoundError(MANDATE_MESSAGES.notFound));
  const org = await findOrganisationByPayeeKey(stored.payee_key);
  const allowed = await confirmAllowed(me, (c) => org !== null && isAllowedIn(MANDATE_CLAIMERS, c, org.org_id));
  if (!allowed) return refuse('other_lender', new ForbiddenError(MANDATE_MESSAGES.otherLender, 'other_lender'));

  const outcome = await claimMandate(stored, body.pin, { userId: me.userId, email: me.email });
  if (outcome.kind === 'wrong_pin') {
    if (outcome.triesLeft === 0) return refuse('locked', new ConflictError(MANDATE_MESSAGES.locked, 'locked', { state: outcome.mandate.state, locked: true }));
    return refuse('wrong_pin', new BadRequestError(MANDATE_MESSAGES.wrongPin(outcome.triesLeft), 'wrong_pin', { tries_left: outcome.triesLeft }));
  }
  if (outcome.kind === 'refused') return refuse(outcome.reason, new ConflictError(REFUSED[outcome.reason], outcome.reason, { state: outcome.mandate.state, locked: outcome.mandate.locked }));

  await queueNotification({ kind: 'mandate.claimed', number, org_name: stored.org_name });
  await writeAudit({ actor: me, action: 'mandate.claim', subject, outcome: 'ok', details: { payee_key: stored.payee_key, org_id: org?.org_id ?? null } });
  return { mandate: mandateView(outcome.mandate), message: MANDATE_MESSAGES.claimed(number) };
});
