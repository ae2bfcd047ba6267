import {
  PLATFORM_ADMIN_MESSAGES as M,
  PLATFORM_ROLES,
  platformRolesGrantableBy,
  type PlatformAdminItem,
  type PlatformAdminsResponse,
  type PlatformRole,
} from '../../../shared/api/admin.js';
import { writeAudit } from '../../data/audit.js';
import {
  beginPlatformAdminRemoval,
  cancelPlatformAdminRemoval,
  ensurePlatformAdminRecord,
  finishPlatformAdminRemoval,
  getPlatformAdminRecord,
  LastSuperAdminError,
  listPlatformAdminRecords,
} from '../../data/platform-admins.js';
import { addToRole, type CognitoUser, findUserByEmail, inviteUser, removeFromRole, rolesOfUser, UserExistsError, usersInRole } from '../../data/users.js';
import type { AuthenticatedCaller } from '../../lib/caller.js';
import { BadRequestError, ConflictError, ForbiddenError, HttpError, NotFoundError } from '../../lib/errors.js';

type Members = Record<PlatformRole, CognitoUser[]>;

const subject = (userId: string) => `USER#${userId}`;

/**
 * Roles are Cognito groups; someone made a platform admin outside the app (the README's first
 * admin, the AWS console) has no record yet. Writing the missing records keeps the
 * last-super_admin counter true to the groups. Idempotent.
 */
async function syncRecordsFromGroups(actor: AuthenticatedCaller): Promise<{ members: Members; created: Map<string, string | null> }> {
  const [superAdmins, sysAdmins, records] = await Promise.all([usersInRole('super_admin'), usersInRole('sys_admin'), listPlatformAdminRecords()]);
  const members: Members = { super_admin: superAdmins, sys_admin: sysAdmins };
  const created = new Map(records.map((r) => [`${r.user_id}#${r.role}`, r.created_at]));
  for (const role of PLATFORM_ROLES) {
    for (const user of members[role]) {
      if (created.has(`${user.sub}#${role}`)) continue;
      const at = user.createdAt ?? new Date().toISOString();
      if (await ensurePlatformAdminRecord({ user_id: user.sub, email: user.email, role, created_by: null, created_at: at })) {
        await writeAudit({ actor, action: 'platform_admin.record_from_group', subject: subject(user.sub), outcome: 'ok', details: { role, before: null, after: { role, email: user.email } } });
      }
      created.set(`${user.sub}#${role}`, at);
    }
  }
  return { members, created };
}

function item(user: Pick<CognitoUser, 'sub' | 'email'>, role: PlatformRole, createdAt: string | null): PlatformAdminItem {
  return { user_id: user.sub, email: user.email, role, org_name: null, created_at: createdAt };
}

/** Spec §7 /platform-admins-list: the members of the two platform groups, newest first, and their counts. */
export async function listPlatformAdmins(actor: AuthenticatedCaller): Promise<PlatformAdminsResponse> {
  const { members, created } = await syncRecordsFromGroups(actor);
  const items = PLATFORM_ROLES.flatMap((role) => members[role].map((u) => item(u, role, created.get(`${u.sub}#${role}`) ?? null)));
  items.sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? ''));
  return { items, counts: { super_admin: members.super_admin.length, sys_admin: members.sys_admin.length } };
}

/** Resolves the user, inviting them when new (the invite email goes through Cognito). */
async function resolveOrInvite(email: string): Promise<{ user: CognitoUser; invited: boolean }> {
  const found = await findUserByEmail(email);
  if (found) {
    // Self-registered but never verified: they must finish signing up before holding a role.
    if (found.status === 'UNCONFIRMED') throw new ConflictError(M.user_already_exists, 'user_already_exists');
    return { user: found, invited: false };
  }
  try {
    return { user: await inviteUser(email), invited: true };
  } catch (error) {
    if (error instanceof UserExistsError) throw new ConflictError(M.user_already_exists, 'user_already_exists');
    throw new HttpError(502, 'invite_and_create_failed', `${M.invite_and_create_failed} The sign-in service did not answer; please try again shortly.`);
  }
}

export async function addPlatformAdmin(actor: AuthenticatedCaller, input: { email: string; role: PlatformRole }) {
  // Spec §6 "Platform admin roles": super_admin grants both, sys_admin grants sys_admin.
  if (!platformRolesGrantableBy(actor.roles).includes(input.role)) {
    await writeAudit({ actor, action: 'platform_admin.add', subject: `EMAIL#${input.email}`, outcome: 'refused', details: { role: input.role, reason: 'forbidden' } });
    throw new ForbiddenError(M.forbidden, 'forbidden');
  }
  const { user, invited } = await resolveOrInvite(input.email);
  if (!user.sub) throw new HttpError(502, 'user_resolution_failed', M.user_resolution_failed);
  const before = invited ? [] : await rolesOfUser(user.username);
  if (before.includes(input.role)) throw new ConflictError(M.role_already_granted, 'role_already_granted');

  // Group first, record second: a reconcile running in between writes the same record, once.
  await addToRole(user.username, input.role);
  const created_at = new Date().toISOString();
  const wrote = await ensurePlatformAdminRecord({ user_id: user.sub, email: user.email, role: input.role, created_by: actor.email, created_at });
  if (!wrote && (await getPlatformAdminRecord(user.sub, input.role))?.status === 'removing') {
    await cancelPlatformAdminRemoval(user.sub, input.role); // an interrupted removal of the same role
  }
  await writeAudit({
    actor,
    action: 'platform_admin.add',
    subject: subject(user.sub),
    outcome: 'ok',
    details: { email: user.email, role: input.role, invited, before: { roles: before }, after: { roles: [...before, input.role] } },
  });
  const message = invited ? `Invitation sent to ${user.email}.` : `${user.email} is now ${input.role}.`;
  return { item: item(user, input.role, created_at), invited, message };
}

export async function removePlatformAdmin(actor: AuthenticatedCaller, userId: string, roleInput: string | undefined) {
  const role = PLATFORM_ROLES.find((r) => r === roleInput?.trim().toLowerCase());
  if (!role) throw new BadRequestError(M.role_required, 'role_required');
  const { members } = await syncRecordsFromGroups(actor);
  const record = await getPlatformAdminRecord(userId, role);
  const holder = members[role].find((u) => u.sub === userId);
  if (!record && !holder) throw new NotFoundError(M.not_platform_admin, 'not_platform_admin');

  const refuse = async () => {
    await writeAudit({ actor, action: 'platform_admin.remove', subject: subject(userId), outcome: 'refused', details: { role, reason: 'last_super_admin' } });
    return new ConflictError(M.last_super_admin, 'last_super_admin');
  };
  // The groups are the truth of who can sign in as super_admin: never take the last one, even
  // if records drifted from them. The counter below makes the same rule hold under concurrency.
  if (role === 'super_admin' && !members.super_admin.some((u) => u.sub !== userId)) throw await refuse();
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
  const email = holder?.email ?? record?.email ?? '';
  await writeAudit({
    actor,
    action: 'platform_admin.remove',
    subject: subject(userId),
    outcome: 'ok',
    details: { email, role, before: { role, created_at: record?.created_at ?? null }, after: null },
  });
  return { ok: true as const, user_id: userId, role, message: `${email || 'The user'} is no longer ${role}.` };
}
