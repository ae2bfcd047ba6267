import { countPendingRequests } from '#data/directory/access-decisions.js';
import { directoryCensus } from '#data/directory/membership-changes.js';
import { countUsers, usersInRole } from '#data/directory/staff-users.js';
import { createApiHandler } from '#http/handler.js';
import type { AdminMetrics } from '#shared/api/admin.js';
import * as routes from '#shared/routes/admin.js';

/**
 * GET /api/admin/metrics (spec part 2 §2 "Administration", §7 /admin-dashboard-metrics).
 * Auth users and platform admins come from Cognito (ListUsers, ListUsersInGroup), pending
 * approvals and the FI / PMEC counts from the directory: a few calls and one Scan, fine at the
 * scale of a pool of bank staff.
 */
export const handler = createApiHandler(routes.getAdminMetrics, async (): Promise<AdminMetrics> => {
  const [authUsers, superAdmins, sysAdmins, pending, census] = await Promise.all([
    countUsers(),
    usersInRole('super_admin'),
    usersInRole('sys_admin'),
    countPendingRequests(),
    directoryCensus(),
  ]);
  const side = (type: 'fi' | 'pmec') => ({
    admins: census.members[type][type === 'fi' ? 'fi_admin' : 'pmec_admin'] ?? 0,
    data_users: census.members[type].data_user ?? 0,
    compliance: census.members[type].compliance ?? 0,
    organisations: census.organisations[type],
  });
  return {
    totals: { auth_users: authUsers, platform_admins: new Set([...superAdmins, ...sysAdmins].map((u) => u.sub)).size, pending_approvals: pending },
    fi: side('fi'),
    pmec: side('pmec'),
    ts: new Date().toISOString(),
  };
});
