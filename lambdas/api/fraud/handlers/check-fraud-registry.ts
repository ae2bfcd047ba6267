import type { z } from 'zod';
import type { registryCheckRequestSchema } from '../../../../shared/api/fraud.js';
import { createApiHandler, requireSignedIn } from '../../../lib/handler.js';
import { checkRegistry } from '../search.js';

/** POST /api/fraud-registry/check: any signed-in user learns which NRCs are on the registry, nothing more. */
export const handler = createApiHandler('check-fraud-registry', async ({ caller, body: raw }) => {
  const me = requireSignedIn(caller);
  // createApiHandler types every body as never (its route lookup cannot narrow); the route's schema has already parsed it.
  const body = raw as z.output<typeof registryCheckRequestSchema>;
  return checkRegistry(me, body.nrcs);
});
