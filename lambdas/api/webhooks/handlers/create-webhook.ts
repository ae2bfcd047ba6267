import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/webhooks.js';
import { createEndpoint } from '../webhooks.js';

/** POST /api/webhooks: a new endpoint; its signing secret is in this answer only. */
export const handler = createApiHandler(routes.createWebhook, async ({ caller, body }) => ({
  statusCode: 201,
  body: await createEndpoint(caller, body.url, body.events),
}));
