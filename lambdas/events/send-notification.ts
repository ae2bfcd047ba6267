import type { S3Event } from 'aws-lambda';
import { sendEmail } from '../data/email.js';
import { sendSms } from '../data/sms.js';
import { claimNotification, isTextEvent, readNotificationJob, releaseNotification } from '../data/notifications.js';
import { appUrl } from '../lib/app-url.js';
import { createEventHandler } from '../lib/event-handler.js';
import { renderNotification } from './notification-templates.js';
import { logger } from '../lib/powertools.js';
import { type Recipients, recipientsOf } from './notification-recipients.js';
import { textsOf } from './notification-texts.js';
import { objectKey } from './s3-records.js';

/**
 * S3 trigger on `notify/` in the uploads bucket (lambdas/data/notifications.ts queues the jobs): one email
 * per recipient and one text per mobile (./notification-texts.ts), each sent once. A recipient's marker is claimed before sending and given back when the
 * send fails; the run then throws, so Lambda retries the event (twice, then the dead-letter queue and its
 * alarm) and only the messages not yet sent go out.
 */
export const handler = createEventHandler(async (event: S3Event): Promise<void> => {
  for (const record of event.Records) await sendJob(objectKey(record));
});

const NO_RECIPIENTS: Recipients = { emails: [] };

async function sendJob(key: string): Promise<void> {
  const job = await readNotificationJob(key);
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
    logger.error('Notifications failed; the event will be retried', { kind: job.event.kind, key: job.key, failed: failures.length, error: failures[0] });
    throw new Error(`${failures.length} of ${emails.length + texts.length} notifications failed: ${failures[0]}`);
  }
}
