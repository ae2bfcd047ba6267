import { createHash } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { conditionOf, conditionsOf } from '#adapters/dynamo/expressions.js';
import { isConditionFailure } from '#adapters/dynamo/toolkit.js';
import { OUTBOX_PREFIX } from '#shared/notifications.js';

/**
 * Notifications through a transactional outbox. An action writes an outbox item in the same
 * TransactWriteItems as its change (notificationPut), so the change and its notification stand or fall
 * together; the directory table's stream delivers each item to the sender (lambdas/events/send-notification.ts)
 * through an event source mapping (batches, retries, bisection, a dead-letter queue), which resolves its
 * recipients from the ids it carries, renders it (lambdas/events/notification-templates.ts) and sends it.
 * - outbox: pk=OUTBOX#{sha256(idempotency key)} sk=OUTBOX, event (JSON), queued_at; expires_at (TTL) drops it
 *           after OUTBOX_DAYS. The same event written twice is the same item.
 * - marker: pk=NOTIFY#{idempotency key} sk=TO#{email} in the directory table, put (conditionally) before a
 *           message is sent and deleted again if sending fails, so a replayed record or a retried batch sends
 *           each message once; expires_at (TTL) drops it after NOTIFY_MARKER_DAYS.
 */
export type NotificationEvent =
  | { kind: 'submission.decided'; submission_id: string; status: 'fi_approved' | 'approved' | 'rejected'; reason?: string }
  | { kind: 'submission.assigned'; submission_id: string; assignee_email: string; assigned_at: string }
  | {
      kind: 'dispute.opened';
      dispute_id: string;
      org_id: string;
      payee_key: string;
      month: string;
      nrc: string;
      reason: string;
      /** The employee's name on the payroll register, for the lender to find the loan (absent on older jobs). */
      employee_name?: string | null;
    }
  | {
      kind: 'dispute.decided';
      dispute_id: string;
      org_id: string;
      payee_key: string;
      month: string;
      nrc: string;
      decision: 'upheld' | 'dismissed';
      note: string;
      /** The employee opened it from the portal: they are texted the decision too (absent on older jobs). */
      opened_by?: 'reviewer' | 'employee';
    }
  | { kind: 'access_request.decided'; request_id: string; decision: 'approved' | 'rejected'; note?: string }
  | { kind: 'fraud_report.withdrawn'; report_id: string; reason: string; by_email: string }
  | { kind: 'membership.invited'; org_id: string; org_name: string; user_id: string; email: string; role: string; invited_at: string }
  | {
      kind: 'payroll_authority.changed';
      previous: { org_id: string; org_name: string } | null;
      current: { org_id: string; org_name: string };
      by_email: string;
      changed_at: string;
    };

/**
 * Texts to an employee about their mandate, sent by the same sender to the mobile the mandate was
 * texted to (lambdas/events/notification-texts.ts), once each like the emails.
 */
export type TextEvent =
  | { kind: 'mandate.claimed'; number: string; org_name: string }
  | { kind: 'mandate.used'; number: string; month: string }
  /** Employees whose mobile an approved register changed, texted at the old number; `batch` numbers the register's jobs. */
  | { kind: 'register.mobile_changed'; version: string; batch: number; changes: { to: string; new_mobile: string }[] }
  /** A deduction the payroll took with no approved line, texted at the register's mobile (lambdas/data/payroll/unexpected.ts). */
  | { kind: 'deduction.unexpected'; to: string; nrc_digits: string; month: string; payee_key: string; employee_no: string; amount: number; org_name: string };
export type QueuedEvent = NotificationEvent | TextEvent;

export const isTextEvent = (event: QueuedEvent): event is TextEvent =>
  event.kind.startsWith('mandate.') || event.kind === 'register.mobile_changed' || event.kind === 'deduction.unexpected';

const NOTIFY_MARKER_DAYS = 90;
const OUTBOX_DAYS = 7;

/** What makes one event one event: a replay of the same change gives the same key. */
export function idempotencyKey(event: QueuedEvent): string {
  switch (event.kind) {
    case 'submission.decided':
      return `${event.kind}#${event.submission_id}#${event.status}`;
    case 'submission.assigned':
      return `${event.kind}#${event.submission_id}#${event.assigned_at}`;
    case 'dispute.opened':
      return `${event.kind}#${event.dispute_id}`;
    case 'dispute.decided':
      return `${event.kind}#${event.dispute_id}#${event.decision}`;
    case 'access_request.decided':
      return `${event.kind}#${event.request_id}#${event.decision}`;
    case 'fraud_report.withdrawn':
      return `${event.kind}#${event.report_id}`;
    case 'membership.invited':
      return `${event.kind}#${event.org_id}#${event.user_id}#${event.invited_at}`;
    case 'payroll_authority.changed':
      return `${event.kind}#${event.current.org_id}#${event.changed_at}`;
    case 'mandate.claimed':
    case 'mandate.used':
      return `${event.kind}#${event.number}`;
    case 'register.mobile_changed':
      return `${event.kind}#${event.version}#${event.batch}`;
    case 'deduction.unexpected':
      return `${event.kind}#${event.nrc_digits}#${event.month}#${event.payee_key}#${event.employee_no}`;
  }
}

/** The outbox item's key of an event (hashed: idempotency keys hold ids and '#'). */
export const outboxKey = (event: QueuedEvent) => ({ pk: `${OUTBOX_PREFIX}${createHash('sha256').update(idempotencyKey(event)).digest('hex')}`, sk: 'OUTBOX' });

/** The outbox item of an event: its key, the event as JSON, when it was queued and when it expires. */
export function outboxItem(event: QueuedEvent, now = new Date()) {
  return {
    ...outboxKey(event),
    event: JSON.stringify(event),
    queued_at: now.toISOString(),
    expires_at: Math.floor(now.getTime() / 1000) + OUTBOX_DAYS * 86_400,
  };
}

/** The outbox item as one write of the action's TransactWriteItems: the notification commits with the change or not at all. */
export function notificationPut(event: QueuedEvent) {
  return { Put: { TableName: tableName('directory'), Item: outboxItem(event) } };
}

/** The event an outbox item's stream record carries, with its idempotency key; null for any other record. */
export function outboxEventOf(record: DynamoDBRecord): { key: string; event: QueuedEvent } | null {
  const image = record.dynamodb?.NewImage;
  const pk = image?.pk?.S;
  const json = image?.event?.S;
  if (!pk?.startsWith(OUTBOX_PREFIX) || !json) return null;
  const event = JSON.parse(json) as QueuedEvent;
  return { key: idempotencyKey(event), event };
}

/** The marker of one event sent to one address (kept NOTIFY_MARKER_DAYS, then dropped by TTL). */
interface SentMarker {
  claimed_at: string;
  expires_at: number;
}
const markerKey = (key: string, email: string) => ({ pk: `NOTIFY#${key}`, sk: `TO#${email.toLowerCase()}` });

/** Claims the right to send this event to this address (an email, or `sms:` and an E.164 number); false when it was claimed (sent) before. */
export async function claimNotification(key: string, email: string): Promise<boolean> {
  const expires = Math.floor(Date.now() / 1000) + NOTIFY_MARKER_DAYS * 86_400;
  try {
    await dynamo.send(
      new PutCommand({
        TableName: tableName('directory'),
        Item: { ...markerKey(key, email), claimed_at: new Date().toISOString(), expires_at: expires },
        ...conditionOf(conditionsOf<SentMarker>().missing('pk')),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives the claim back after a failed send, so that the retry sends. */
export async function releaseNotification(key: string, email: string): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: tableName('directory'), Key: markerKey(key, email) }));
}
