import { PLATFORM_ADMINS, SUPER_ADMIN } from '../access.js';
import {
  accessDecisionRequestSchema,
  accessDecisionResponseSchema,
  accessRequestDocumentsResponseSchema,
  accessRequestListQuerySchema,
  accessRequestListResponseSchema,
  addPlatformAdminRequestSchema,
  addPlatformAdminResponseSchema,
  adminMetricsResponseSchema,
  deleteAuthUserResponseSchema,
  platformAdminRoleQuerySchema,
  platformAdminsResponseSchema,
  removePlatformAdminResponseSchema,
  roleMismatchesResponseSchema,
  userEmailParamsSchema,
  userLinksResponseSchema,
} from '../api/admin.js';
import { featureRoutes } from './define.js';

/**
 * Administration (spec part 2): the admin dashboard, access requests, the User Inspector and platform
 * admins. Route access is the first check; each handler then checks the role being granted.
 */
const route = featureRoutes('admin');

export const getAdminMetrics = route({
  id: 'get-admin-metrics',
  method: 'GET',
  path: '/api/admin/metrics',
  access: PLATFORM_ADMINS,
  uses: { tables: { directory: 's2' }, userPool: 'lm' },
  response: adminMetricsResponseSchema,
  summary: 'Totals (auth users, platform admins, pending approvals) and FI / PMEC role counts.',
});

export const listAccessRequests = route({
  id: 'list-access-requests',
  method: 'GET',
  path: '/api/admin/access-requests',
  access: PLATFORM_ADMINS,
  uses: { tables: { directory: 'r2' } },
  query: accessRequestListQuerySchema,
  response: accessRequestListResponseSchema,
  summary: 'Access requests newest first (?status= pending by default, or all; ?q= searches email, organisation and payee key).',
});

export const getAccessRequestDocuments = route({
  id: 'get-access-request-documents',
  method: 'GET',
  path: '/api/admin/access-requests/{id}/documents',
  access: PLATFORM_ADMINS,
  uses: { tables: { directory: 'r', audit: 'a' }, buckets: { onboarding: { requests: 'r' } } },
  response: accessRequestDocumentsResponseSchema,
  summary: 'Signed links (900 s) to the onboarding documents of one request.',
});

export const decideAccessRequest = route({
  id: 'decide-access-request',
  method: 'POST',
  path: '/api/admin/access-requests/{id}/decision',
  access: PLATFORM_ADMINS,
  uses: { tables: { directory: 'rswd' }, buckets: { onboarding: { requests: 'd' }, uploads: {} }, userPool: 'ugaxod' },
  request: accessDecisionRequestSchema,
  response: accessDecisionResponseSchema,
  summary: 'Approve (organisation, membership, role), reject or remove (reason required) an access request.',
});

export const getUserLinks = route({
  id: 'get-user-links',
  method: 'GET',
  path: '/api/admin/users/{email}/links',
  access: PLATFORM_ADMINS,
  uses: { tables: { directory: 'r' }, userPool: 'ug' },
  params: userEmailParamsSchema,
  response: userLinksResponseSchema,
  summary: 'User Inspector: the auth user and its memberships, access requests, platform-admin records and role grants.',
});

export const deleteAuthUser = route({
  id: 'delete-auth-user',
  method: 'DELETE',
  path: '/api/admin/users/{email}',
  access: PLATFORM_ADMINS,
  uses: { tables: { directory: 'r' }, userPool: 'ugd' },
  params: userEmailParamsSchema,
  response: deleteAuthUserResponseSchema,
  summary: 'Deletes an auth user, only when it exists and has no links.',
});

export const listPlatformAdmins = route({
  id: 'list-platform-admins',
  method: 'GET',
  path: '/api/admin/platform-admins',
  access: PLATFORM_ADMINS,
  uses: { tables: { directory: '2' } },
  response: platformAdminsResponseSchema,
  summary: 'Platform admins (super_admin and sys_admin) with their counts.',
});

export const addPlatformAdmin = route({
  id: 'add-platform-admin',
  method: 'POST',
  path: '/api/admin/platform-admins',
  access: PLATFORM_ADMINS,
  uses: { tables: { directory: 'a' }, buckets: { uploads: {} }, userPool: 'uc' },
  request: addPlatformAdminRequestSchema,
  response: addPlatformAdminResponseSchema,
  summary: 'Grants a platform role, inviting the user when new (super_admin: either role; sys_admin: sys_admin only).',
});

export const removePlatformAdmin = route({
  id: 'remove-platform-admin',
  method: 'DELETE',
  path: '/api/admin/platform-admins/{user_id}',
  access: SUPER_ADMIN,
  uses: { tables: { directory: 'rwd2' }, userPool: 'xo' },
  query: platformAdminRoleQuerySchema,
  response: removePlatformAdminResponseSchema,
  summary: 'Withdraws a platform role (?role=); the last super_admin is never removed, even under concurrent removals.',
});

export const listRoleMismatches = route({
  id: 'list-role-mismatches',
  method: 'GET',
  path: '/api/admin/role-mismatches',
  access: PLATFORM_ADMINS,
  uses: { tables: { directory: 's' } },
  response: roleMismatchesResponseSchema,
  summary:
    "Live memberships whose role the organisation's kind does not hold (a lender's PMEC Admin), for a platform admin to fix; they grant nothing meanwhile.",
});

export const ADMIN_ROUTES = [
  getAdminMetrics,
  listAccessRequests,
  getAccessRequestDocuments,
  decideAccessRequest,
  getUserLinks,
  deleteAuthUser,
  listPlatformAdmins,
  addPlatformAdmin,
  removePlatformAdmin,
  listRoleMismatches,
] as const;
