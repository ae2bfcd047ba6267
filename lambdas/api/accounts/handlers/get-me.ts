import { createApiHandler } from '../../../lib/handler.js';
import { listUserMemberships } from '../../../data/memberships.js';
import * as routes from '../../../../shared/routes/accounts.js';

export const handler = createApiHandler(routes.getMe, async ({ caller: me }) => {
  const memberships = await listUserMemberships(me.userId);
  return {
    user_id: me.userId,
    email: me.email,
    roles: me.roles,
    approved: me.approved || memberships.some((m) => m.status === 'approved'),
    memberships: memberships.map(({ org_id, org_name, client_type, payee_key, role, status }) => ({ org_id, org_name, client_type, payee_key, role, status })),
  };
});
