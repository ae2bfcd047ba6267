import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/webhooks.js';
import { deleteEndpoint } from '../webhooks.js';

/** DELETE /api/webhooks/{id}: nothing more is delivered to the endpoint. */
export const handler = createApiHandler(routes.deleteWebhook, async ({ caller, params }) => deleteEndpoint(caller, params.id));
