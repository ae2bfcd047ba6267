import { writeAudit } from '../../../data/audit.js';
import { addToRole } from '../../../data/users.js';
import { approveInvitedMembership, listInviteMemberships } from '../../../data/invite-acceptance.js';
import { BadRequestError } from '../../../lib/errors.js';
import { createApiHandler } from '../../../lib/handler.js';
import * as routes from '../../../../shared/routes/accounts.js';

/**
 * POST /api/team/accept-invite (spec part 2 §7 /org-team-accept): the caller's invited
 * memberships become approved and their roles are granted (roles are Cognito groups).
 * Idempotent: a retry finds them accepted and only makes sure the roles are there.
 */
export const handler = createApiHandler(routes.acceptTeamInvite, async ({ caller: me, event }) => {
  // The route takes no fields: no body or {}. The schema sees a JSON null as no body, so refuse it here.
  if ((event.body as unknown) === null) throw new BadRequestError('The request body must be empty or {}.', 'validation_failed');
  const memberships = await listInviteMemberships(me.userId);
  const accepted = [];
  for (const membership of memberships) {
    // Approve first: a withdrawn invite must not grant its role.
    const nowApproved = membership.status === 'approved' || (await approveInvitedMembership(membership.org_id, me.userId));
    if (!nowApproved) continue;
    await addToRole(me.userId, membership.role);
    if (membership.status === 'invited') {
      await writeAudit({ actor: me, org_id: membership.org_id, action: 'team.invite_accept', subject: `USER#${me.userId}`, outcome: 'ok', details: { role: membership.role } });
    }
    accepted.push({ org_id: membership.org_id, org_name: membership.org_name, role: membership.role });
  }
  return { accepted };
});
