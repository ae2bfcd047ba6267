import type { AuthenticatedCaller } from '#http/caller.js';
import { BadRequestError, ForbiddenError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { DISPUTE_MESSAGES, type OpenDisputeRequest } from '#shared/api/disputes.js';
import * as routes from '#shared/routes/disputes.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { deductionToDispute, openDisputeOn } from '../../common/dispute-opening.js';
import { disputeRightsOf, reviews } from '../../common/dispute-rights.js';
import { disputeView } from '../views.js';

/**
 * Opens a dispute on a deduction the platform holds: the payee key must belong to an organisation and
 * have deducted from this NRC in that month; a deduction has at most one dispute not yet decided.
 */
async function open(me: AuthenticatedCaller, input: OpenDisputeRequest) {
  const digits = nrcDigits(input.nrc);
  const [{ org, onRecord }, rights] = await Promise.all([deductionToDispute(digits, input.payee_key, input.month), disputeRightsOf(me)]);
  if (!org) throw new BadRequestError(DISPUTE_MESSAGES.unknownPayee(input.payee_key), 'unknown_payee_key');
  if (!reviews(rights, org.org_id)) throw new ForbiddenError(DISPUTE_MESSAGES.notReviewer, 'not_reviewer');
  if (!onRecord) throw new BadRequestError(DISPUTE_MESSAGES.noDeduction(input.nrc, input.payee_key, input.month), 'no_deduction');
  const dispute = await openDisputeOn(
    { userId: me.userId, email: me.email, roles: me.roles, by: 'reviewer' },
    { nrc: input.nrc, digits, payeeKey: input.payee_key, month: input.month, org, reason: input.reason },
    DISPUTE_MESSAGES.alreadyOpen,
  );
  return { statusCode: 201, body: { dispute: disputeView(dispute, rights), message: DISPUTE_MESSAGES.opened } };
}

/** POST /api/disputes {nrc, payee_key, month, reason} */
export const handler = createApiHandler(routes.openDispute, async ({ caller, body }) => open(caller, body));
