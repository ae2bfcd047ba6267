import { MANDATE_MESSAGES } from '../../shared/api/mandates.js';
import { getMandate } from '../data/mandates.js';
import { claimNotification, releaseNotification, type TextEvent } from '../data/notifications.js';
import { sendSms } from '../data/sms.js';
import { logger } from '../lib/powertools.js';

/** The text of an event to the employee who gave the mandate. */
function textOf(event: TextEvent): string {
  switch (event.kind) {
    case 'mandate.claimed':
      return MANDATE_MESSAGES.sms.claimed(event.number, event.org_name);
    case 'mandate.used':
      return MANDATE_MESSAGES.sms.used(event.number, event.month);
  }
}

/**
 * A text about a mandate, to the mobile its number and PIN were sent to (read at send time from the
 * mandate), once: the marker is claimed before sending and given back when sending fails, which throws so
 * that Lambda retries the event, as for the emails.
 */
export async function sendText(key: string, event: TextEvent): Promise<void> {
  const mandate = await getMandate(event.number);
  if (!mandate) {
    logger.warn('A text about a mandate that does not exist; nothing sent', { kind: event.kind, key });
    return;
  }
  if (!(await claimNotification(key, mandate.mobile))) return;
  try {
    await sendSms(mandate.mobile, textOf(event));
  } catch (error) {
    await releaseNotification(key, mandate.mobile);
    logger.error('A text notification failed; the event will be retried', { kind: event.kind, key, error: String(error) });
    throw error;
  }
}
