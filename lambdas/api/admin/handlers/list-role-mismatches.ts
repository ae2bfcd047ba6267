import { listRoleMismatches } from '#data/directory/membership-changes.js';
import { createApiHandler } from '#http/handler.js';
import type { RoleMismatch } from '#shared/api/admin.js';
import { ORGANISATION_ROLES } from '#shared/roles.js';
import * as routes from '#shared/routes/admin.js';

/**
 * GET /api/admin/role-mismatches: memberships whose role the organisation's kind does not hold, as the
 * data has them (nothing is changed here). Such a membership grants nothing (shared/access.ts rolesIn);
 * a platform admin fixes it on the organisation's team or through the User Inspector.
 */
export const handler = createApiHandler(routes.listRoleMismatches, async () => {
  const items: RoleMismatch[] = (await listRoleMismatches()).map((m) => ({
    org_id: m.org_id,
    org_name: m.org_name,
    client_type: m.client_type,
    user_id: m.user_id,
    email: m.email,
    role: m.role,
    status: m.status as RoleMismatch['status'],
    allowed_roles: [...ORGANISATION_ROLES[m.client_type]],
  }));
  return { items };
});
