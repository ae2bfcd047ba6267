import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { type AccessRequest, createAccessRequest, presignOnboardingUploads } from '#data/directory/access-requests.js';
import { findOrganisationByPayeeKey } from '#data/directory/organisations.js';
import { findUserByEmail } from '#data/directory/staff-users.js';
import { consumeRateLimits } from '#data/rate-limits/windows.js';
import { limitAddress } from '#http/client-address.js';
import { ConflictError, ForbiddenError, TooManyRequestsError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { ACCOUNT_MESSAGES, deriveFullName } from '#shared/api/accounts.js';
import * as routes from '#shared/routes/accounts.js';
import { accessRequestLimits } from '../limits.js';

/**
 * POST /api/access-requests (spec part 2 §4 "Signup flow"). Public, but only for the account
 * just signed up: Cognito must hold an unconfirmed user with this email whose sub is the one its
 * SignUp answered. Every other case gets the same refusal, so the route reveals no accounts.
 * Answers one presigned POST per onboarding document.
 */
export const handler = createApiHandler(routes.createAccessRequest, async ({ body, event }) => {
  if (!(await consumeRateLimits(accessRequestLimits(limitAddress(event), body.email)))) {
    throw new TooManyRequestsError(ACCOUNT_MESSAGES.rateLimited);
  }
  const user = await findUserByEmail(body.email);
  if (!user || user.sub !== body.user_sub || user.status !== 'UNCONFIRMED') {
    await writeAudit({
      actor: null,
      action: 'access_request.create',
      subject: auditSubject.email(body.email),
      outcome: 'refused',
      details: { reason: 'sign_up_not_proven' },
    });
    throw new ForbiddenError(ACCOUNT_MESSAGES.signUpNotProven, 'sign_up_not_proven');
  }

  const isFi = body.client_type === 'fi';
  const org = isFi ? await findOrganisationByPayeeKey(body.payee_key) : null;
  const orgName = body.org_name || org?.org_name || '';
  const result = await createAccessRequest({
    email: body.email,
    client_type: body.client_type,
    org_name: orgName,
    payee_key: isFi ? body.payee_key : null,
    full_name: deriveFullName({ full_name: body.full_name, org_name: orgName, email: body.email }),
    user_sub: body.user_sub,
  });

  let request: AccessRequest;
  if ('conflict' in result) {
    // The same sign-up retrying (its answer was lost): the same request, with fresh upload links.
    if (!result.conflict || result.conflict.user_sub !== body.user_sub) throw new ConflictError(ACCOUNT_MESSAGES.emailInUse, 'email_already_registered');
    request = result.conflict;
  } else {
    request = result.created;
    await writeAudit({
      actor: null,
      action: 'access_request.create',
      subject: auditSubject.accessRequest(request.id),
      outcome: 'ok',
      details: { email: request.email, client_type: request.client_type, payee_key: request.payee_key, user_sub: request.user_sub },
    });
  }
  return { id: request.id, status: 'pending' as const, uploads: await presignOnboardingUploads(request) };
});
