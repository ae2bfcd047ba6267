import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { declinePlatformInvitation } from '#data/directory/platform-admin-invitations.js';
import {
  beginPlatformAdminRemoval,
  cancelPlatformAdminRemoval,
  finishPlatformAdminRemoval,
  getPlatformAdminRecord,
  LastSuperAdminError,
  type PlatformAdminRecord,
} from '#data/directory/platform-admins.js';
import { removeFromRole, signOutEverywhere } from '#data/directory/staff-users.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { BadRequestError, ConflictError, NotFoundError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { PLATFORM_ADMIN_MESSAGES as M, PLATFORM_ROLES, platformInvitationWithdrawn } from '#shared/api/admin.js';
import * as routes from '#shared/routes/admin.js';
import { platformAdminMembers } from '../platform-admins.js';

/** An invitation not yet answered is withdrawn: the record goes, nothing else was granted. */
async function withdrawInvitation(actor: AuthenticatedCaller, record: PlatformAdminRecord) {
  if (!(await declinePlatformInvitation(record.user_id, record.role))) throw new NotFoundError(M.not_platform_admin, 'not_platform_admin');
  await writeAudit({
    actor,
    action: 'platform_admin.invite_withdraw',
    subject: auditSubject.user(record.user_id),
    outcome: 'ok',
    details: { email: record.email, role: record.role },
  });
  return { ok: true as const, user_id: record.user_id, role: record.role, message: platformInvitationWithdrawn(record.email, record.role) };
}

async function removePlatformAdmin(actor: AuthenticatedCaller, userId: string, roleInput: string | undefined) {
  const role = PLATFORM_ROLES.find((r) => r === roleInput?.trim().toLowerCase());
  if (!role) throw new BadRequestError(M.role_required, 'role_required');
  const members = await platformAdminMembers();
  const record = await getPlatformAdminRecord(userId, role);
  const holder = members[role].find((r) => r.user_id === userId);
  if (!record) throw new NotFoundError(M.not_platform_admin, 'not_platform_admin');
  if (record.status === 'invited') return withdrawInvitation(actor, record);

  const refuse = async () => {
    await writeAudit({
      actor,
      action: 'platform_admin.remove',
      subject: auditSubject.user(userId),
      outcome: 'refused',
      details: { role, reason: 'last_super_admin' },
    });
    return new ConflictError(M.last_super_admin, 'last_super_admin');
  };
  // Never take the last super_admin; the counter below makes the same rule hold under concurrency.
  if (role === 'super_admin' && !members.super_admin.some((r) => r.user_id !== userId)) throw await refuse();
  try {
    await beginPlatformAdminRemoval(userId, role, actor.email);
  } catch (error) {
    if (error instanceof LastSuperAdminError) throw await refuse();
    throw error;
  }
  try {
    await removeFromRole(userId, role);
  } catch (error) {
    await cancelPlatformAdminRemoval(userId, role);
    throw error;
  }
  await finishPlatformAdminRemoval(userId, role);
  await signOutEverywhere(userId);
  const email = holder?.email ?? record?.email ?? '';
  await writeAudit({
    actor,
    action: 'platform_admin.remove',
    subject: auditSubject.user(userId),
    outcome: 'ok',
    details: { email, role, before: { role, created_at: record?.created_at ?? null }, after: null },
  });
  return { ok: true as const, user_id: userId, role, message: `${email || 'The user'} is no longer ${role}.` };
}

/**
 * DELETE /api/admin/platform-admins/{user_id}?role= (spec part 2 §7 /platform-admins-remove).
 * The last super_admin is never removed (spec §5, §9). An invitation waiting for its answer is withdrawn.
 */
export const handler = createApiHandler(routes.removePlatformAdmin, async ({ caller, params, query }) =>
  removePlatformAdmin(caller, params.user_id, query.role),
);
