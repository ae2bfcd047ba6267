import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/api-clients.js';
import { createClient } from '../api-clients.js';

/** POST /api/api-clients: a new API client; its secret is in this answer only. */
export const handler = createApiHandler(routes.createApiClient, async ({ caller, body }) => ({
  statusCode: 201,
  body: await createClient(caller, body.name, body.role),
}));
