import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { deleteUser } from '#data/directory/staff-users.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { ConflictError, NotFoundError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { INSPECTOR_MESSAGES as M } from '#shared/api/admin.js';
import * as routes from '#shared/routes/admin.js';
import { userLinks } from '../user-links.js';

/** Spec §4: an auth user is deleted only when it exists and has zero links (removed and rejected rows are history, not links). */
async function deleteAuthUser(actor: AuthenticatedCaller, email: string) {
  const inspected = await userLinks(email);
  if (!inspected.auth_user || !inspected.user_id) throw new NotFoundError(M.noAuthUser, 'no_auth_user');
  if (inspected.blocking_links > 0) {
    await writeAudit({
      actor,
      action: 'auth_user.delete',
      subject: auditSubject.user(inspected.user_id),
      outcome: 'refused',
      details: { email, counts: inspected.counts },
    });
    throw new ConflictError(M.hasLinks, 'has_links');
  }
  await deleteUser(inspected.user_id);
  await writeAudit({
    actor,
    action: 'auth_user.delete',
    subject: auditSubject.user(inspected.user_id),
    outcome: 'ok',
    details: { email, before: inspected.auth_user, after: null },
  });
  return { ok: true as const, email, user_id: inspected.user_id, message: M.deleted };
}

/** DELETE /api/admin/users/{email} (spec part 2 §7 /admin-delete-auth): only an existing user with no links. */
export const handler = createApiHandler(routes.deleteAuthUser, async ({ caller, params }) => deleteAuthUser(caller, params.email));
