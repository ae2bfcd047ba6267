import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/webhooks.js';
import { rotateEndpoint } from '../webhooks.js';

/** POST /api/webhooks/{id}/rotate: a new signing secret, shown once. */
export const handler = createApiHandler(routes.rotateWebhook, async ({ caller, params }) => rotateEndpoint(caller, params.id));
