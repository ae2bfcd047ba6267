import { createApiHandler } from '../../../lib/handler.js';
import { listMembershipsOfUser } from '../../../data/directory.js';
import * as routes from '../../../../shared/routes/accounts.js';

export const handler = createApiHandler(routes.getMe, async ({ caller: me }) => {
  const memberships = await listMembershipsOfUser(me.userId);
  return {
    user_id: me.userId,
    email: me.email,
    roles: me.roles,
    approved: me.approved || memberships.some((m) => m.status === 'approved'),
    memberships,
  };
});
