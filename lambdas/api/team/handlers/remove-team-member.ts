import { createApiHandler } from '../../../lib/handler.js';
import { removeMember } from '../members.js';
import * as routes from '../../../../shared/routes/team.js';

/** DELETE /api/team/members/{id}?org_id= (spec part 2 §7 /org-team-remove): id is the user id or the email. */
export const handler = createApiHandler(routes.removeTeamMember, async ({ caller, params, query }) =>
  removeMember(caller, params.id, query.org_id),
);
