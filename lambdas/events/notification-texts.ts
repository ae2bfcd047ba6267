import type { NotificationEvent } from '../data/notifications.js';
import { registerEntryByNrc } from '../data/register.js';

/**
 * The text messages of a notification event, beside its emails: an employee who reported a deduction from
 * the portal is texted its decision at the mobile number the payroll register holds for their NRC now (read
 * at send time, like the emails' recipients). A text names no NRC and no amount: it says where to look.
 */
export interface Text {
  to: string;
  body: string;
}

const DECISION_WORDS = { upheld: 'decided in your favour', dismissed: 'not upheld' } as const;

export async function textsOf(event: NotificationEvent, appUrl: string): Promise<Text[]> {
  if (event.kind !== 'dispute.decided' || event.opened_by !== 'employee') return [];
  const entry = await registerEntryByNrc(event.nrc);
  if (!entry) return [];
  const body = `Payroll deductions: your report of the ${event.month} deduction (lender ${event.payee_key}) was ${DECISION_WORDS[event.decision]}. See the decision at ${appUrl}/employee`;
  return [{ to: entry.mobile, body }];
}
