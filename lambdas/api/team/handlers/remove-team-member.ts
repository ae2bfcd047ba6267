import { createApiHandler, requireSignedIn } from '../../../lib/handler.js';
import { removeMember } from '../members.js';

/** DELETE /api/team/members/{id}?org_id= (spec part 2 §7 /org-team-remove): id is the user id or the email. */
export const handler = createApiHandler('remove-team-member', async ({ caller, params, query }) =>
  removeMember(requireSignedIn(caller), params.id ?? '', query.org_id),
);
