import { findOrganisationByPayeeKey } from '#data/directory/organisations.js';
import { getMandate } from '#data/mandates/mandates.js';
import type { QueuedEvent } from '#data/notifications/outbox.js';
import { employeeEntryByNrc } from '#data/register/leavers.js';
import { MANDATE_MESSAGES } from '#shared/api/mandates.js';
import { REGISTER_MESSAGES } from '#shared/api/register.js';
import { maskMobileShort } from '#shared/rules/mobile.js';
import { unexpectedDeductionText } from '#shared/rules/unexpected-text.js';

/**
 * The text messages of a queued event, beside its emails, each to a mobile read at send time (like the
 * emails' recipients): an employee who reported a deduction from the portal is texted its decision at the
 * mobile the payroll register holds for their NRC now; an employee who gave a mandate is texted when it is
 * claimed and first used, at the mobile its number and PIN went to; an employee whose mobile an approved
 * register changed is texted at the old number, naming the new one masked; an employee whose pay lost a deduction
 * nobody approved is texted its amount, month and lender with the link to report it. A text names no NRC;
 * it names a lender as people know it (its name), not by its payee key.
 */
export interface Text {
  to: string;
  body: string;
}

const DECISION_WORDS = { upheld: 'decided in your favour', dismissed: 'not upheld' } as const;
/** What happens next, said in the decision's text. */
const NEXT_STEP = { upheld: ' The lender must stop this deduction or refund you; it no longer counts in what you pay.', dismissed: '' } as const;

export async function textsOf(event: QueuedEvent, appUrl: string): Promise<Text[]> {
  switch (event.kind) {
    case 'mandate.claimed':
    case 'mandate.used': {
      const mandate = await getMandate(event.number);
      if (!mandate) return [];
      const body =
        event.kind === 'mandate.claimed' ? MANDATE_MESSAGES.sms.claimed(event.number, event.org_name) : MANDATE_MESSAGES.sms.used(event.number, event.month);
      return [{ to: mandate.mobile, body }];
    }
    case 'register.mobile_changed':
      return event.changes.map((change) => ({ to: change.to, body: REGISTER_MESSAGES.mobileChangedSms(maskMobileShort(change.new_mobile)) }));
    case 'deduction.unexpected':
      return [{ to: event.to, body: unexpectedDeductionText(event.amount, event.month, event.org_name, `${appUrl}/employee/deductions`) }];
    case 'dispute.decided': {
      if (event.opened_by !== 'employee') return [];
      const [entry, lender] = await Promise.all([employeeEntryByNrc(event.nrc), findOrganisationByPayeeKey(event.payee_key)]);
      if (!entry) return [];
      const body = `Payroll deductions: your report of ${lender?.org_name ?? `lender ${event.payee_key}`}'s ${event.month} deduction was ${DECISION_WORDS[event.decision]}.${NEXT_STEP[event.decision]} See the decision at ${appUrl}/employee/reports`;
      return [{ to: entry.mobile, body }];
    }
    default:
      return [];
  }
}
