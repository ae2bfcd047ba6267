import { randomUUID } from 'node:crypto';
import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { type DeliveryRecord, listDeliveries } from '#data/webhooks/deliveries.js';
import { deleteWebhookRecord, listWebhookRecords, putWebhookRecord, replaceWebhookSecret, type WebhookRecord } from '#data/webhooks/endpoints.js';
import { loopbackAllowed, newWebhookSecret } from '#data/webhooks/signature.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '#http/errors.js';
import { isAllowedIn, rolesOnly } from '#shared/access.js';
import {
  MAX_WEBHOOKS,
  type Webhook,
  type WebhookDelivery,
  type WebhookEventType,
  WEBHOOK_MESSAGES as M,
  webhookUrlRefusal,
  type WebhookSecretResponse,
} from '#shared/api/webhooks.js';

/** An endpoint as the screen lists it: never its secret. */
export const webhookView = (r: WebhookRecord): Webhook => ({
  id: r.id,
  url: r.url,
  events: r.events,
  created_at: r.created_at,
  created_by: r.created_by,
  rotated_at: r.rotated_at,
});

export const deliveryView = (d: DeliveryRecord): WebhookDelivery => ({
  event_id: d.event_id,
  type: d.type,
  status: d.status,
  attempts: d.attempts,
  last_status_code: d.last_status_code,
  last_error: d.last_error,
  last_attempt_at: d.last_attempt_at,
  next_attempt_at: d.next_attempt_at,
  created_at: d.created_at,
});

const ADMINS = rolesOnly('fi_admin', 'pmec_admin');

/** The organisation the caller administers and acts for: its admin role there, as the directory holds it. */
export function adminOrg(caller: AuthenticatedCaller): string {
  const orgId = caller.actingOrgId;
  if (!orgId || !isAllowedIn(ADMINS, caller, orgId)) throw new ForbiddenError('Only an admin of your organisation manages its webhooks.', 'not_org_admin');
  return orgId;
}

/** One endpoint of the admin's organisation; 404 for any other (another organisation's is not told apart). */
export async function endpointOf(caller: AuthenticatedCaller, id: string): Promise<WebhookRecord> {
  const record = (await listWebhookRecords(adminOrg(caller))).find((w) => w.id === id);
  if (!record) throw new NotFoundError(M.notFound, 'webhook_not_found');
  return record;
}

const audited = (caller: AuthenticatedCaller, record: WebhookRecord, action: string) =>
  writeAudit({
    actor: caller,
    org_id: record.org_id,
    action,
    subject: auditSubject.webhook(record.id),
    outcome: 'ok',
    details: { url: record.url, events: record.events },
  });

export async function createEndpoint(caller: AuthenticatedCaller, url: string, events: WebhookEventType[]): Promise<WebhookSecretResponse> {
  const orgId = adminOrg(caller);
  const refused = webhookUrlRefusal(url, { loopbackAllowed: loopbackAllowed() });
  if (refused) throw new BadRequestError(refused, 'invalid_url');
  const existing = await listWebhookRecords(orgId);
  const href = new URL(url).href;
  if (existing.some((w) => w.url === href)) throw new ConflictError(M.urlTaken, 'url_taken');
  if (existing.length >= MAX_WEBHOOKS) throw new ConflictError(M.tooMany, 'too_many_webhooks');
  const record: WebhookRecord = {
    id: randomUUID(),
    org_id: orgId,
    url: href,
    events: [...new Set(events)],
    secret: newWebhookSecret(),
    created_at: new Date().toISOString(),
    created_by: caller.email,
    rotated_at: null,
  };
  await putWebhookRecord(record);
  await audited(caller, record, 'webhook.created');
  return { webhook: webhookView(record), id: record.id, secret: record.secret };
}

export async function rotateEndpoint(caller: AuthenticatedCaller, id: string): Promise<WebhookSecretResponse> {
  const record = await endpointOf(caller, id);
  const next = await replaceWebhookSecret(record, newWebhookSecret(), new Date().toISOString());
  if (!next) throw new NotFoundError(M.notFound, 'webhook_not_found');
  await audited(caller, next, 'webhook.rotated');
  return { webhook: webhookView(next), id: next.id, secret: next.secret };
}

export async function deleteEndpoint(caller: AuthenticatedCaller, id: string): Promise<{ deleted: true; id: string }> {
  const record = await endpointOf(caller, id);
  await deleteWebhookRecord(record);
  await audited(caller, record, 'webhook.deleted');
  return { deleted: true, id };
}

export async function endpointDeliveries(caller: AuthenticatedCaller, id: string): Promise<{ deliveries: WebhookDelivery[] }> {
  const record = await endpointOf(caller, id);
  return { deliveries: (await listDeliveries(record.id)).map(deliveryView) };
}
