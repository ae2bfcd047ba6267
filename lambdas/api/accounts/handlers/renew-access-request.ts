import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { type AccessRequest, createAccessRequest, presignOnboardingUploads } from '#data/directory/access-requests.js';
import { findOrganisationByPayeeKey } from '#data/directory/organisations.js';
import { resolveCaller } from '#http/caller.js';
import { ConflictError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { deriveFullName, RENEW_MESSAGES } from '#shared/api/accounts.js';
import * as routes from '#shared/routes/accounts.js';

/**
 * POST /api/me/access-request: the signed-in person without access (a rejected request, a removed
 * membership, or no request at all, as after a sign-up whose verification email was lost) files a new
 * request for their own account, with new documents. The earlier request stays as it was: admins see
 * both. Refused (409) while the account has access or a request still waits.
 */
export const handler = createApiHandler(routes.renewAccessRequest, async ({ caller, body }) => {
  // A fresh read: access granted a moment ago counts (the warm function may remember the caller from before).
  if ((await resolveCaller(caller, { fresh: true })).approved) throw new ConflictError(RENEW_MESSAGES.hasAccess, 'has_access');
  const isFi = body.client_type === 'fi';
  const org = isFi ? await findOrganisationByPayeeKey(body.payee_key) : null;
  const orgName = body.org_name || org?.org_name || '';
  const result = await createAccessRequest({
    email: caller.email,
    client_type: body.client_type,
    org_name: orgName,
    payee_key: isFi ? body.payee_key : null,
    full_name: deriveFullName({ full_name: body.full_name, org_name: orgName, email: caller.email }),
    user_sub: caller.userId,
  });
  if ('conflict' in result) throw new ConflictError(RENEW_MESSAGES.pending, 'request_pending');
  const request: AccessRequest = result.created;
  await writeAudit({
    actor: caller,
    action: 'access_request.renew',
    subject: auditSubject.accessRequest(request.id),
    outcome: 'ok',
    details: { email: request.email, client_type: request.client_type, payee_key: request.payee_key, user_sub: request.user_sub },
  });
  return { id: request.id, status: 'pending' as const, uploads: await presignOnboardingUploads(request) };
});
