import { readDirectoryAccess } from '#data/directory/caller-access.js';
import { usersInRole } from '#data/directory/staff-users.js';
import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/reviews.js';

/**
 * GET /api/pmec-admins: who a submission can be assigned to, by email. The pmec_admin group (a mirror
 * kept for the console) names the candidates; the directory decides: each must be an approved PMEC
 * admin of a PMEC organisation. PMEC admins are a handful of people, so one read each is cheap.
 */
export const handler = createApiHandler(routes.listPmecAdmins, async () => {
  const users = (await usersInRole('pmec_admin')).filter((u) => u.enabled && u.email);
  const held = await Promise.all(users.map(async (u) => (await readDirectoryAccess(u.sub)).grants.some((g) => g.pmec && g.role === 'pmec_admin')));
  const items = users
    .filter((_, i) => held[i])
    .map((u) => ({ user_id: u.sub, email: u.email }))
    .sort((a, b) => a.email.localeCompare(b.email));
  return { items };
});
