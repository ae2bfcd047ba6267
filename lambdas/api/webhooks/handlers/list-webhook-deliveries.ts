import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/webhooks.js';
import { endpointDeliveries } from '../webhooks.js';

/** GET /api/webhooks/{id}/deliveries: the endpoint's latest deliveries, newest first. */
export const handler = createApiHandler(routes.listWebhookDeliveries, async ({ caller, params }) => endpointDeliveries(caller, params.id));
