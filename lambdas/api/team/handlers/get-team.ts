import { createApiHandler, requireSignedIn } from '../../../lib/handler.js';
import { getTeam } from '../members.js';

/** GET /api/team?org_id= (spec part 2 §7 /org-team-list): the organisation and its members. */
export const handler = createApiHandler('get-team', async ({ caller, query }) => getTeam(requireSignedIn(caller), query.org_id));
