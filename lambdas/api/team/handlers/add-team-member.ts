import { createApiHandler, requireSignedIn } from '../../../lib/handler.js';
import { addMember } from '../members.js';

/** POST /api/team/members (spec part 2 §7 /org-team-add): invite or add a member with a grantable role. */
export const handler = createApiHandler('add-team-member', async ({ caller, body }) => addMember(requireSignedIn(caller), body));
