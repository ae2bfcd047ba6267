import { createApiHandler } from '../../../lib/handler.js';
import { addMember } from '../members.js';
import * as routes from '../../../../shared/routes/team.js';

/** POST /api/team/members (spec part 2 §7 /org-team-add): invite or add a member with a grantable role. */
export const handler = createApiHandler(routes.addTeamMember, async ({ caller, body }) => addMember(caller, body));
