import { createApiHandler } from '../../../lib/handler.js';
import { getTeam } from '../members.js';
import * as routes from '../../../../shared/routes/team.js';

/** GET /api/team?org_id= (spec part 2 §7 /org-team-list): the organisation and its members. */
export const handler = createApiHandler(routes.getTeam, async ({ caller, query }) => getTeam(caller, query.org_id));
