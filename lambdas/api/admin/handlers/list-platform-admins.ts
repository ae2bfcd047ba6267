import { listPlatformAdminRecords } from '#data/directory/platform-admins.js';
import { createApiHandler } from '#http/handler.js';
import { PLATFORM_ROLES, type PlatformAdminsResponse } from '#shared/api/admin.js';
import * as routes from '#shared/routes/admin.js';
import { platformAdminMembers } from '../platform-admins.js';
import { platformAdminView } from '../views.js';

/** Spec §7 /platform-admins-list: the active platform admins of the directory, newest first, their counts, and the invitations waiting. */
async function listPlatformAdmins(): Promise<PlatformAdminsResponse> {
  const members = await platformAdminMembers();
  const items = PLATFORM_ROLES.flatMap((role) => members[role].map((r) => platformAdminView({ sub: r.user_id, email: r.email }, role, r.created_at ?? null)));
  items.sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? ''));
  const invitations = (await listPlatformAdminRecords('invitations'))
    .map((r) => platformAdminView({ sub: r.user_id, email: r.email }, r.role, r.created_at))
    .reverse();
  return { items, invitations, counts: { super_admin: members.super_admin.length, sys_admin: members.sys_admin.length } };
}

/** GET /api/admin/platform-admins (spec part 2 §7 /platform-admins-list): items and counts. */
export const handler = createApiHandler(routes.listPlatformAdmins, async () => listPlatformAdmins());
