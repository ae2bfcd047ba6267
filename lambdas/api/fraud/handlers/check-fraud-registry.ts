import { createApiHandler } from '../../../lib/handler.js';
import { checkRegistry } from '../search.js';
import * as routes from '../../../../shared/routes/fraud.js';

/** POST /api/fraud-registry/check: any signed-in user learns which NRCs are on the registry, nothing more. */
export const handler = createApiHandler(routes.checkFraudRegistry, async ({ caller: me, body }) => {
  return checkRegistry(me, body.nrcs);
});
