import { createApiHandler, requireSignedIn } from '../../../lib/handler.js';
import { listMembershipsOfUser } from '../../../data/directory.js';

export const handler = createApiHandler('get-me', async ({ caller }) => {
  const me = requireSignedIn(caller);
  const memberships = await listMembershipsOfUser(me.userId);
  return {
    user_id: me.userId,
    email: me.email,
    roles: me.roles,
    approved: me.approved || memberships.some((m) => m.status === 'approved'),
    memberships,
  };
});
