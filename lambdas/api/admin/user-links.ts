import { requestsOfEmail } from '#data/directory/access-decisions.js';
import { listUserMemberships, LIVE_STATUSES, type MemberStatus } from '#data/directory/memberships.js';
import { platformAdminRecordsOfUser } from '#data/directory/platform-admins.js';
import { confirmedAt, lastSignIn } from '#data/directory/sign-ins.js';
import { findUserByEmail, rolesOfUser } from '#data/directory/staff-users.js';
import type { UserLinksResponse } from '#shared/api/admin.js';
import { authUserView } from './views.js';

/**
 * The User Inspector (spec §7 /admin-user-links): the auth user and its four kinds of links —
 * memberships, access requests, platform-admin records and role grants (Cognito groups).
 */
export async function userLinks(email: string): Promise<UserLinksResponse> {
  const user = await findUserByEmail(email);
  const [members, requests, admins, roles, signedInAt, confirmed] = await Promise.all([
    user ? listUserMemberships(user.sub) : [],
    requestsOfEmail(email),
    user ? platformAdminRecordsOfUser(user.sub) : [],
    user ? rolesOfUser(user.username) : [],
    user ? lastSignIn(user.sub) : null,
    user ? confirmedAt(user.sub) : null,
  ]);
  const links = {
    org_members: members.map((m) => ({
      org_id: m.org_id,
      org_name: m.org_name,
      role: m.role,
      status: m.status,
      created_at: m.created_at,
      decided_at: m.decided_at,
    })),
    access_requests: requests.map((r) => ({
      id: r.id,
      org_name: r.org_name,
      client_type: r.client_type,
      payee_key: r.payee_key,
      status: r.status,
      created_at: r.created_at ?? null,
    })),
    admin_users: admins.map((a) => ({ role: a.role, created_at: a.created_at })),
    user_roles: roles.map((role) => ({ role_id: role, created_at: null })),
  };
  return {
    ok: true,
    email,
    user_id: user?.sub ?? null,
    auth_user: user ? authUserView(user, signedInAt, confirmed) : null,
    counts: {
      org_members: links.org_members.length,
      access_requests: links.access_requests.length,
      admin_users: links.admin_users.length,
      user_roles: links.user_roles.length,
    },
    blocking_links: blockingLinks(links),
    links,
  };
}

/**
 * The links that keep an account from being deleted: live memberships (pending, invited, approved),
 * pending requests, platform-admin records and role groups. A removed, rejected or declined row is
 * history: it stays for the record and blocks nothing. An approved request is its membership.
 */
export function blockingLinks(links: UserLinksResponse['links']): number {
  const members = links.org_members.filter((m) => LIVE_STATUSES.includes(m.status as MemberStatus)).length;
  const requests = links.access_requests.filter((r) => r.status === 'pending').length;
  return members + requests + links.admin_users.length + links.user_roles.length;
}
