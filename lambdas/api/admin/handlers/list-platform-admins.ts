import { createApiHandler } from '../../../lib/handler.js';
import { syncRecordsFromGroups } from '../platform-admins.js';
import * as routes from '../../../../shared/routes/admin.js';
import { PLATFORM_ROLES, type PlatformAdminsResponse } from '../../../../shared/api/admin.js';
import type { AuthenticatedCaller } from '../../../lib/caller.js';
import { platformAdminView } from '../views.js';

/** Spec §7 /platform-admins-list: the members of the two platform groups, newest first, and their counts. */
async function listPlatformAdmins(actor: AuthenticatedCaller): Promise<PlatformAdminsResponse> {
  const { members, created } = await syncRecordsFromGroups(actor);
  const items = PLATFORM_ROLES.flatMap((role) => members[role].map((u) => platformAdminView(u, role, created.get(`${u.sub}#${role}`) ?? null)));
  items.sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? ''));
  return { items, counts: { super_admin: members.super_admin.length, sys_admin: members.sys_admin.length } };
}

/** GET /api/admin/platform-admins (spec part 2 §7 /platform-admins-list): items and counts. */
export const handler = createApiHandler(routes.listPlatformAdmins, async ({ caller }) => listPlatformAdmins(caller));
