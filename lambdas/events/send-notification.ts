import type { S3Event } from 'aws-lambda';
import { sendEmail } from '../data/email.js';
import { claimNotification, isTextEvent, readNotificationJob, releaseNotification } from '../data/notifications.js';
import { sendText } from './text-notifications.js';
import { appUrl } from '../lib/app-url.js';
import { createEventHandler } from '../lib/event-handler.js';
import { renderNotification } from './notification-templates.js';
import { logger } from '../lib/powertools.js';
import { recipientsOf } from './notification-recipients.js';
import { objectKey } from './s3-records.js';

/**
 * S3 trigger on `notify/` in the uploads bucket (lambdas/data/notifications.ts queues the jobs): one email
 * per recipient, each sent once. A recipient's marker is claimed before sending and given back when the
 * send fails; the run then throws, so Lambda retries the event (twice, then the dead-letter queue and its
 * alarm) and only the messages not yet sent go out.
 */
export const handler = createEventHandler(async (event: S3Event): Promise<void> => {
  for (const record of event.Records) await sendJob(objectKey(record));
});

async function sendJob(key: string): Promise<void> {
  const job = await readNotificationJob(key);
  if (isTextEvent(job.event)) return sendText(job.key, job.event);
  const { emails, submission } = await recipientsOf(job.event);
  if (!emails.length) {
    logger.warn('A notification has no recipients; nothing sent', { kind: job.event.kind, key: job.key });
    return;
  }
  const email = renderNotification(job.event, { appUrl: await appUrl(), submission });
  const failures: string[] = [];
  for (const to of emails) {
    if (!(await claimNotification(job.key, to))) continue;
    try {
      await sendEmail({ to, subject: email.subject, html: email.html, text: email.text });
    } catch (error) {
      await releaseNotification(job.key, to);
      failures.push(String(error));
    }
  }
  if (failures.length) {
    logger.error('Notification emails failed; the event will be retried', { kind: job.event.kind, key: job.key, failed: failures.length, error: failures[0] });
    throw new Error(`${failures.length} of ${emails.length} notification emails failed: ${failures[0]}`);
  }
}
