import { usersInRole } from '../../../data/users.js';
import { createApiHandler } from '../../../lib/handler.js';
import * as routes from '../../../../shared/routes/reviews.js';

/** GET /api/pmec-admins: who a submission can be assigned to (members of the pmec_admin group), by email. */
export const handler = createApiHandler(routes.listPmecAdmins, async () => {
  const users = await usersInRole('pmec_admin');
  const items = users
    .filter((u) => u.enabled && u.email)
    .map((u) => ({ user_id: u.sub, email: u.email }))
    .sort((a, b) => a.email.localeCompare(b.email));
  return { items };
});
