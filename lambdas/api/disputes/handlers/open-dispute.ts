import { randomUUID } from 'node:crypto';
import { DISPUTE_MESSAGES, type OpenDisputeRequest } from '../../../../shared/api/disputes.js';
import { nrcDigits } from '../../../../shared/rules/nrc.js';
import * as routes from '../../../../shared/routes/disputes.js';
import { writeAudit } from '../../../data/audit.js';
import { findOrganisationByPayeeKey } from '../../../data/directory.js';
import { queueNotification } from '../../../data/notifications.js';
import { DisputeExistsError, deductionOnRecord, putDispute, type StoredDispute } from '../../../data/disputes.js';
import type { AuthenticatedCaller } from '../../../http/caller.js';
import { BadRequestError, ConflictError, ForbiddenError } from '../../../http/errors.js';
import { createApiHandler } from '../../../http/handler.js';
import { disputeRightsOf, reviews } from '../../common/dispute-rights.js';
import { disputeView } from '../views.js';

/**
 * Opens a dispute on a deduction the platform holds: the payee key must belong to an organisation and
 * have deducted from this NRC in that month; a deduction has at most one dispute not yet decided.
 */
async function open(me: AuthenticatedCaller, input: OpenDisputeRequest) {
  const digits = nrcDigits(input.nrc);
  const [org, onRecord, rights] = await Promise.all([findOrganisationByPayeeKey(input.payee_key), deductionOnRecord(digits, input.payee_key, input.month), disputeRightsOf(me)]);
  if (!org) throw new BadRequestError(DISPUTE_MESSAGES.unknownPayee(input.payee_key), 'unknown_payee_key');
  if (!reviews(rights, org.org_id)) throw new ForbiddenError(DISPUTE_MESSAGES.notReviewer, 'not_reviewer');
  if (!onRecord) throw new BadRequestError(DISPUTE_MESSAGES.noDeduction(input.nrc, input.payee_key, input.month), 'no_deduction');
  const dispute: StoredDispute = {
    id: randomUUID(),
    status: 'open',
    nrc: input.nrc,
    nrc_digits: digits,
    payee_key: input.payee_key,
    month: input.month,
    org_id: org.org_id,
    org_name: org.org_name ?? null,
    reason: input.reason,
    opened: { email: me.email, user_id: me.userId, at: new Date().toISOString() },
    opened_by: 'reviewer',
    response: null,
    decision: null,
  };
  try {
    await putDispute(dispute);
  } catch (error) {
    if (error instanceof DisputeExistsError) throw new ConflictError(DISPUTE_MESSAGES.alreadyOpen, 'dispute_exists');
    throw error;
  }
  await writeAudit({
    actor: me,
    action: 'dispute.open',
    subject: `DISPUTE#${dispute.id}`,
    also: [`NRC#${digits}`],
    outcome: 'ok',
    details: { dispute_id: dispute.id, payee_key: dispute.payee_key, month: dispute.month, org_id: org.org_id, after: { status: 'open' } },
  });
  await queueNotification({ kind: 'dispute.opened', dispute_id: dispute.id, org_id: org.org_id, payee_key: dispute.payee_key, month: dispute.month, nrc: dispute.nrc, reason: dispute.reason });
  return { statusCode: 201, body: { dispute: disputeView(dispute, rights), message: DISPUTE_MESSAGES.opened } };
}

/** POST /api/disputes {nrc, payee_key, month, reason} */
export const handler = createApiHandler(routes.openDispute, async ({ caller, body }) => open(caller, body));
