import { listWebhookRecords } from '#data/webhooks/endpoints.js';
import { createApiHandler } from '#http/handler.js';
import { WEBHOOK_EVENTS } from '#shared/api/webhooks.js';
import * as routes from '#shared/routes/webhooks.js';
import { adminOrg, webhookView } from '../webhooks.js';

/** GET /api/webhooks: the organisation's endpoints, without secrets. */
export const handler = createApiHandler(routes.listWebhooks, async ({ caller }) => ({
  webhooks: (await listWebhookRecords(adminOrg(caller))).map(webhookView),
  events: [...WEBHOOK_EVENTS],
}));
