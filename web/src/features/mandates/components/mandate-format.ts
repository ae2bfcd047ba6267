import { formatMonth } from '@/lib/format';
import type { MandateView } from '@shared/api/mandates';
import { lusakaDay } from '@shared/rules/dates';

type Shown = Pick<MandateView, 'state' | 'locked' | 'org_name' | 'used_month'>;

/**
 * A mandate's state in plain words and its badge's colour (never the only cue): "Waiting for the lender",
 * "Claimed by Lender B" (to the employee; "Claimed" to the lender, who claimed it), "Used from November 2026",
 * "Locked" (three wrong PINs), "Revoked", "Expired".
 */
export function mandateStatus(m: Shown, reader: 'employee' | 'lender'): { label: string; color: string } {
  if (m.state === 'issued') return m.locked ? { label: 'Locked', color: 'red' } : { label: 'Waiting for the lender', color: 'blue' };
  if (m.state === 'claimed') return { label: reader === 'employee' ? `Claimed by ${m.org_name}` : 'Claimed', color: 'teal' };
  if (m.state === 'used') return { label: m.used_month ? `Used from ${formatMonth(m.used_month)}` : 'Used', color: 'green' };
  return { label: m.state === 'revoked' ? 'Revoked' : 'Expired', color: 'gray' };
}

/** When a mandate nobody claimed expires, while it can still be claimed: "Expires on 27 Dec 2026". */
export const expiryWords = (m: Pick<MandateView, 'state' | 'locked' | 'claim_by'>): string | null =>
  m.state === 'issued' && !m.locked ? `Expires on ${lusakaDay(m.claim_by)}` : null;
