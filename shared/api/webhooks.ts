import { z } from 'zod';

/**
 * Signed webhooks: an organisation's admin registers an HTTPS endpoint and the events it wants; each event
 * of the organisation is delivered to it as a signed POST, retried with backoff for 24 hours and logged.
 * The recipe to check a signature is in docs/features/integration-guide.md ("Webhooks").
 */
export const WEBHOOK_EVENTS = [
  'upload.validated',
  'submission.decided',
  'dispute.opened',
  'dispute.decided',
  'mandate.claimed',
  'reconciliation.ready',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'upload.validated': 'A file finished validation',
  'submission.decided': 'A submission was approved or rejected',
  'dispute.opened': 'A deduction was disputed',
  'dispute.decided': 'A dispute was decided',
  'mandate.claimed': 'A mandate was claimed',
  'reconciliation.ready': "A month's reconciliation is ready",
};

/** The key prefix of the event items whose stream records the fan-out reads (infra/definitions.ts). */
export const WEBHOOK_EVENT_PREFIX = 'WEBHOOK_EVENT#';

/** The headers of every delivery: the event's id, the Unix time it was signed at, and `v1=` the HMAC-SHA256 hex. */
export const WEBHOOK_HEADERS = { id: 'Payroll-Webhook-Id', timestamp: 'Payroll-Webhook-Timestamp', signature: 'Payroll-Webhook-Signature' } as const;

/** How many endpoints one organisation may hold. */
export const MAX_WEBHOOKS = 5;
/** How long a delivery is retried after its event, and how long a delivery waits for an answer. */
export const WEBHOOK_RETRY_HOURS = 24;
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * When a delivery that failed its `attempts`th attempt is tried again: 1, 2, 4 … minutes after, at most an
 * hour apart; null once the next try would fall after the retry window of its event.
 */
export function nextAttemptAt(createdAt: string, attempts: number, now: Date): string | null {
  const waitMinutes = Math.min(2 ** Math.max(0, attempts - 1), 60);
  const next = new Date(now.getTime() + waitMinutes * 60_000);
  const end = Date.parse(createdAt) + WEBHOOK_RETRY_HOURS * 3_600_000;
  return next.getTime() > end ? null : next.toISOString();
}

export const WEBHOOK_MESSAGES = {
  url: 'Enter the full address of your endpoint, starting with https://, e.g. https://loans.example.zm/payroll-webhooks.',
  https: 'The endpoint must use https:// so that deliveries are encrypted. Plain http:// is accepted only for localhost on a local platform.',
  credentials: 'Leave the user name and password out of the endpoint address: deliveries are authenticated by their signature.',
  privateAddress: 'That address is on a private or local network, which the platform never calls. Give an address reachable from the internet.',
  events: 'Choose at least one event to receive.',
  unknownEvent: `Choose events from: ${WEBHOOK_EVENTS.join(', ')}.`,
  tooMany: `An organisation holds at most ${MAX_WEBHOOKS} webhook endpoints. Delete one you no longer use first.`,
  urlTaken: 'Your organisation already has an endpoint at this address. Choose its events there, or delete it first.',
  notFound: 'That webhook endpoint was not found in your organisation. It may have been deleted already.',
} as const;

const PRIVATE_V4 = [/^10\./, /^127\./, /^0\./, /^169\.254\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./];

/** An address on a private, loopback, link-local or carrier-grade network (IPv4, or IPv6 and its v4-mapped form). */
export function isPrivateAddress(address: string): boolean {
  const a = address.toLowerCase().replace(/^\[|\]$/g, '');
  const v4 = a.startsWith('::ffff:') ? a.slice(7) : a;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(v4)) return PRIVATE_V4.some((re) => re.test(v4));
  return a === '::' || a === '::1' || /^f[cd]/.test(a) || /^fe[89ab]/.test(a);
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Why an endpoint address is refused, or null: https only (http only to loopback where the deployment
 * allows loopback endpoints: the local twin), no credentials, never a private network's literal address
 * (names are checked again at each delivery, after they resolve).
 */
export function webhookUrlRefusal(text: string, options: { loopbackAllowed: boolean }): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return WEBHOOK_MESSAGES.url;
  }
  const loopback = LOOPBACK_HOSTS.includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback && options.loopbackAllowed))
    return url.protocol === 'http:' ? WEBHOOK_MESSAGES.https : WEBHOOK_MESSAGES.url;
  if (url.username || url.password) return WEBHOOK_MESSAGES.credentials;
  if (loopback) return options.loopbackAllowed ? null : WEBHOOK_MESSAGES.privateAddress;
  if (isPrivateAddress(url.hostname)) return WEBHOOK_MESSAGES.privateAddress;
  return null;
}

export const createWebhookRequestSchema = z.object({
  url: z.string({ error: WEBHOOK_MESSAGES.url }).trim().min(1, WEBHOOK_MESSAGES.url).max(500, WEBHOOK_MESSAGES.url),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.unknownEvent }), { error: WEBHOOK_MESSAGES.events })
    .min(1, WEBHOOK_MESSAGES.events)
    .max(WEBHOOK_EVENTS.length, WEBHOOK_MESSAGES.unknownEvent),
});

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  created_at: z.string(),
  created_by: z.string(),
  rotated_at: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const listWebhooksResponseSchema = z.object({ webhooks: z.array(webhookSchema), events: z.array(z.enum(WEBHOOK_EVENTS)) });
/** The one answer that carries the secret: after creation and after a rotation, never again. */
export const webhookSecretResponseSchema = z.object({ webhook: webhookSchema, id: z.string(), secret: z.string() });
export type WebhookSecretResponse = z.infer<typeof webhookSecretResponseSchema>;
export const deleteWebhookResponseSchema = z.object({ deleted: z.literal(true), id: z.string() });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const webhookDeliverySchema = z.object({
  event_id: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const listWebhookDeliveriesResponseSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
