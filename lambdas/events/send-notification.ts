import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { sendEmail } from '#adapters/email.js';
import { sendSms } from '#adapters/sms.js';
import { claimNotification, isTextEvent, outboxEventOf, type QueuedEvent, releaseNotification } from '#data/notifications/outbox.js';
import { appUrl } from '#lib/app-url.js';
import { createEventHandler } from '#lib/event-handler.js';
import { logger } from '#lib/powertools.js';
import { type Recipients, recipientsOf } from './notification-recipients.js';
import { renderNotification } from './notification-templates.js';
import { textsOf } from './notification-texts.js';

/**
 * The directory table's stream, through its event source mapping (infra/definitions.ts STREAM_TRIGGERS):
 * each outbox item an action wrote with its change (lambdas/data/notifications/outbox.ts) sends one email per
 * recipient and one text per mobile (./notification-texts.ts), each once. A recipient's marker is claimed
 * before sending and given back when the send fails; the record is then reported as failed
 * (reportBatchItemFailures), so Lambda retries from it (twice, bisecting, then the dead-letter queue and its
 * alarm) and only the messages not yet sent go out. Records of the same event in any order, replayed or
 * repeated, send each message once.
 */
export const handler = createEventHandler(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const outbox = outboxEventOf(record);
    if (!outbox) continue;
    try {
      await sendJob(outbox);
    } catch (error) {
      logger.error('Notifications failed; the record will be retried', { kind: outbox.event.kind, key: outbox.key, error: String(error) });
      batchItemFailures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' });
    }
  }
  return { batchItemFailures };
});

const NO_RECIPIENTS: Recipients = { emails: [] };

async function sendJob(job: { key: string; event: QueuedEvent }): Promise<void> {
  const url = await appUrl();
  // A mandate's texts have no emails; every other event's recipients are read as its emails' templates need.
  const [{ emails, submission }, texts] = await Promise.all([isTextEvent(job.event) ? NO_RECIPIENTS : recipientsOf(job.event), textsOf(job.event, url)]);
  if (!emails.length && !texts.length) {
    logger.warn('A notification has no recipients; nothing sent', { kind: job.event.kind, key: job.key });
    return;
  }
  const failures: string[] = [];
  // Each message claims its own marker first, so a retried event sends only what did not go out.
  const once = async (marker: string, send: () => Promise<void>) => {
    if (!(await claimNotification(job.key, marker))) return;
    try {
      await send();
    } catch (error) {
      await releaseNotification(job.key, marker);
      failures.push(String(error));
    }
  };
  if (emails.length && !isTextEvent(job.event)) {
    const email = renderNotification(job.event, { appUrl: url, submission });
    for (const to of emails) await once(to, () => sendEmail({ to, subject: email.subject, html: email.html, text: email.text }));
  }
  for (const text of texts) await once(`sms:${text.to}`, () => sendSms(text.to, text.body));
  if (failures.length) {
    throw new Error(`${failures.length} of ${emails.length + texts.length} notifications failed: ${failures[0]}`);
  }
}
