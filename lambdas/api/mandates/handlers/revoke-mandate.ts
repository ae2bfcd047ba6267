import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { revokeMandate } from '#data/mandates/claims.js';
import { ConflictError, NotFoundError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { MANDATE_MESSAGES, mandateNumberSchema } from '#shared/api/mandates.js';
import * as routes from '#shared/routes/mandates.js';
import { mandateView } from '../views.js';

/**
 * POST /api/employee/mandates/{number}/revoke: the employee revokes one of their own mandates not yet used.
 * Another employee's mandate is 404 (as if it did not exist); one used, revoked or expired 409 with its state.
 */
export const handler = createApiHandler(routes.revokeMandate, async ({ caller: me, params }) => {
  const parsed = mandateNumberSchema.safeParse(params.number);
  if (!parsed.success) throw new NotFoundError(MANDATE_MESSAGES.notFound);
  const { revoked, mandate } = await revokeMandate(parsed.data, me.nrc);
  if (!mandate) throw new NotFoundError(MANDATE_MESSAGES.notFound);
  if (!revoked) throw new ConflictError(MANDATE_MESSAGES.cannotRevoke(mandate.state), 'not_revocable', { state: mandate.state });
  await writeAudit({
    actor: { userId: me.userId, email: null, roles: [] },
    action: 'mandate.revoke',
    subject: auditSubject.mandate(mandate.number),
    outcome: 'ok',
    details: { payee_key: mandate.payee_key },
  });
  return { mandate: mandateView(mandate), message: MANDATE_MESSAGES.revokedNow(mandate.number) };
});
