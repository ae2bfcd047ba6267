import type { MandateRecord } from '#data/mandates/mandates.js';
import type { MandateView } from '#shared/api/mandates.js';

/** A mandate as its employee and its lender see it: terms, state and use; never the PIN or the mobile. */
export function mandateView(m: MandateRecord): MandateView {
  return {
    number: m.number,
    nrc: m.nrc,
    payee_key: m.payee_key,
    org_name: m.org_name,
    max_monthly: m.max_monthly,
    last_month: m.last_month,
    state: m.state,
    locked: m.locked,
    issued_at: m.issued_at,
    claim_by: m.claim_by,
    claimed_at: m.claimed_at,
    used_month: m.used_month,
    used_at: m.used_at,
  };
}
