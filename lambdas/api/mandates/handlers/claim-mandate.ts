import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { findOrganisationByPayeeKey } from '#data/directory/organisations.js';
import { claimMandate, type Refusal } from '#data/mandates/claims.js';
import { getStoredMandate } from '#data/mandates/mandates.js';
import { consumeRateLimits, type RateLimit, rateLimitSpent, windowEndsAt } from '#data/rate-limits/windows.js';
import { emitWebhookEvent } from '#data/webhooks/events.js';
import { type AuthenticatedCaller, confirmAllowed } from '#http/caller.js';
import { BadRequestError, ConflictError, NotFoundError, TooManyRequestsError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { isAllowedIn, organisationsWith } from '#shared/access.js';
import { MANDATE_CLAIMERS, MANDATE_FAILED_CLAIMS_PER_HOUR, MANDATE_MESSAGES } from '#shared/api/mandates.js';
import * as routes from '#shared/routes/mandates.js';
import { lusakaClock } from '#shared/rules/dates.js';
import { mandateView } from '../views.js';

const REFUSED: Record<Refusal, string> = {
  locked: MANDATE_MESSAGES.locked,
  claimed: MANDATE_MESSAGES.alreadyClaimed,
  revoked: MANDATE_MESSAGES.revoked,
  expired: MANDATE_MESSAGES.expired,
};

/**
 * The failed claims an organisation may make in an hour, one count per organisation the caller claims for
 * (a caller who claims for none, e.g. a platform admin, is counted alone).
 */
function failedClaimLimits(me: AuthenticatedCaller): RateLimit[] {
  const orgs = organisationsWith(me, MANDATE_CLAIMERS.roles);
  const scopes = orgs.length ? orgs.map((org) => `mandate-claim-failures:org:${org}`) : [`mandate-claim-failures:user:${me.userId}`];
  return scopes.map((scope) => ({ scope, limit: MANDATE_FAILED_CLAIMS_PER_HOUR, windowSeconds: 3600 }));
}

/**
 * POST /api/mandates/claim {mandate_number, pin}: an FI admin or data user of the organisation holding the
 * mandate's payee key claims it with the employee's PIN and gets its terms back; the employee is texted.
 * An unknown number and another lender's mandate answer the same 404 (nothing tells them apart); a wrong
 * PIN 400 with the tries left (the third locks it); a mandate claimed, locked, revoked or expired 409 with
 * its state. Those failures are counted per organisation: past MANDATE_FAILED_CLAIMS_PER_HOUR in an hour,
 * every claim answers 429 until the hour ends. Every outcome is audited.
 */
export const handler = createApiHandler(routes.claimMandate, async ({ caller: me, body }) => {
  const number = body.mandate_number;
  const subject = auditSubject.mandate(number);
  const limits = failedClaimLimits(me);
  const refuse = async (reason: string, error: Error, failed = false) => {
    if (failed) await consumeRateLimits(limits);
    await writeAudit({ actor: me, action: 'mandate.claim', subject, outcome: 'refused', details: { reason } });
    throw error;
  };
  const spent = await Promise.all(limits.map((limit) => rateLimitSpent(limit)));
  if (spent.some(Boolean))
    return refuse(
      'rate_limited',
      new TooManyRequestsError(MANDATE_MESSAGES.tooManyFailedClaims(lusakaClock(new Date(windowEndsAt(limits[0]!.windowSeconds))))),
    );
  const stored = await getStoredMandate(number);
  const org = stored ? await findOrganisationByPayeeKey(stored.payee_key) : null;
  const allowed = await confirmAllowed(me, (c) => org !== null && isAllowedIn(MANDATE_CLAIMERS, c, org.org_id));
  // Another lender's mandate is answered as an unknown number: the audit keeps which it was.
  if (!stored || !allowed) return refuse(stored ? 'other_lender' : 'not_found', new NotFoundError(MANDATE_MESSAGES.notFound, 'mandate_not_found'), true);

  const outcome = await claimMandate(stored, body.pin, { userId: me.userId, email: me.email });
  if (outcome.kind === 'wrong_pin') {
    if (outcome.triesLeft === 0)
      return refuse('locked', new ConflictError(MANDATE_MESSAGES.locked, 'locked', { state: outcome.mandate.state, locked: true }), true);
    return refuse('wrong_pin', new BadRequestError(MANDATE_MESSAGES.wrongPin(outcome.triesLeft), 'wrong_pin', { tries_left: outcome.triesLeft }), true);
  }
  if (outcome.kind === 'refused')
    return refuse(outcome.reason, new ConflictError(REFUSED[outcome.reason], outcome.reason, { state: outcome.mandate.state, locked: outcome.mandate.locked }));

  await writeAudit({ actor: me, action: 'mandate.claim', subject, outcome: 'ok', details: { payee_key: stored.payee_key, org_id: org?.org_id ?? null } });
  if (org) await emitWebhookEvent(org.org_id, 'mandate.claimed', { mandate_number: number, status: 'claimed' });
  return { mandate: mandateView(outcome.mandate), message: MANDATE_MESSAGES.claimed(number) };
});
