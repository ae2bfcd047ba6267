import { createApiHandler } from '../../../lib/handler.js';
import { decideAccessRequest } from '../access-requests.js';
import * as routes from '../../../../shared/routes/admin.js';

/** POST /api/admin/access-requests/{id}/decision (spec part 2 §7 /admin-approve): approve, reject or remove. */
export const handler = createApiHandler(routes.decideAccessRequest, async ({ caller, params, body }) => decideAccessRequest(caller, params.id, body));
