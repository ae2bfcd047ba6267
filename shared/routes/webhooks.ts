import { rolesOnly } from '../access.js';
import {
  createWebhookRequestSchema,
  deleteWebhookResponseSchema,
  listWebhookDeliveriesResponseSchema,
  listWebhooksResponseSchema,
  webhookSecretResponseSchema,
} from '../api/webhooks.js';
import { featureRoutes } from './define.js';

/**
 * An organisation's webhook endpoints, managed by its admin on /team: each receives the organisation's
 * events it chose as signed POSTs (lambdas/events/webhook-fanout.ts, then lambdas/events/webhook-retry.ts), with a delivery log.
 */
const route = featureRoutes('webhooks');
const ORGANISATION_ADMINS = rolesOnly('fi_admin', 'pmec_admin');

export const listWebhooks = route({
  id: 'list-webhooks',
  method: 'GET',
  path: '/api/webhooks',
  access: ORGANISATION_ADMINS,
  uses: {},
  response: listWebhooksResponseSchema,
  summary: 'The webhook endpoints of the organisation the admin acts for (never a secret) and the events one may receive.',
});

export const createWebhook = route({
  id: 'create-webhook',
  method: 'POST',
  path: '/api/webhooks',
  access: ORGANISATION_ADMINS,
  uses: { tables: { directory: 'a' } },
  request: createWebhookRequestSchema,
  response: webhookSecretResponseSchema,
  summary: 'Registers an HTTPS endpoint for the events chosen; the signing secret is in this answer only.',
});

export const rotateWebhook = route({
  id: 'rotate-webhook',
  method: 'POST',
  path: '/api/webhooks/{id}/rotate',
  access: ORGANISATION_ADMINS,
  uses: { tables: { directory: 'a' } },
  response: webhookSecretResponseSchema,
  summary: "Replaces an endpoint's signing secret (shown once); deliveries are signed with the new one at once.",
});

export const deleteWebhook = route({
  id: 'delete-webhook',
  method: 'DELETE',
  path: '/api/webhooks/{id}',
  access: ORGANISATION_ADMINS,
  uses: { tables: { directory: 'd' } },
  response: deleteWebhookResponseSchema,
  summary: 'Deletes a webhook endpoint: nothing more is delivered to it, retries included.',
});

export const listWebhookDeliveries = route({
  id: 'list-webhook-deliveries',
  method: 'GET',
  path: '/api/webhooks/{id}/deliveries',
  access: ORGANISATION_ADMINS,
  uses: {},
  response: listWebhookDeliveriesResponseSchema,
  summary: "An endpoint's latest deliveries, newest first: status, attempts, the last answer's code and the next attempt.",
});

export const WEBHOOKS_ROUTES = [listWebhooks, createWebhook, rotateWebhook, deleteWebhook, listWebhookDeliveries] as const;
