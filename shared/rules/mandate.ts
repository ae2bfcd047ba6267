import type { CalendarDate, Month } from './dates.js';
import { monthOf } from './dates.js';

/**
 * Employee mandates: the employee's consent to one lender's deduction, up to a monthly limit and a
 * last month, named by a number the employee passes on (`MD-XXXX-XXXX`) and claimed by the lender
 * with a PIN texted to the employee.
 */

/** Crockford's base32: digits and letters without I, L, O and U, which people misread or mistype. */
export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUP = 4;
const NUMBER = /^MD-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/**
 * A fresh mandate number from eight random symbols (40 bits): the caller stores it only if unused.
 * `random` fills the bytes it is given (node's `randomFillSync`, the browser's `getRandomValues`).
 */
export function newMandateNumber(random: (bytes: Uint8Array) => Uint8Array): string {
  const bytes = random(new Uint8Array(GROUP * 2));
  const symbols = Array.from(bytes, (b) => CROCKFORD[b & 31]!).join('');
  return `MD-${symbols.slice(0, GROUP)}-${symbols.slice(GROUP)}`;
}

/**
 * A mandate number as typed or as a file's cell holds it, in its one written form, or null. Crockford's
 * reading rules: case does not matter, spaces and dashes are ignored, I and L read as 1, O as 0.
 */
export function normaliseMandateNumber(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const compact = value.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  const symbols = compact.startsWith('MD') ? compact.slice(2) : compact;
  if (symbols.length !== GROUP * 2) return null;
  const number = `MD-${symbols.slice(0, GROUP)}-${symbols.slice(GROUP)}`;
  return NUMBER.test(number) ? number : null;
}

export const MANDATE_STATES = ['issued', 'claimed', 'used', 'revoked', 'expired'] as const;
export type MandateState = (typeof MANDATE_STATES)[number];

/** A mandate as a file's check needs it. */
export interface MandateTerms {
  number: string;
  nrc: string;
  payee_key: string;
  /** The most the lender may deduct a month, in ZMW. */
  max_monthly: number;
  last_month: Month;
  state: MandateState;
  /** The month of the deduction that used it, once one did. */
  used_month?: Month | null;
  /** Three wrong PINs: it can never be claimed. */
  locked?: boolean;
}

/**
 * The mandate that covers a lender's deduction in a month, or null: one of that payee key used by a
 * deduction starting on or before the month, the month not after its last.
 */
export function mandateCovering<M extends Pick<MandateTerms, 'payee_key' | 'state' | 'used_month' | 'last_month'>>(
  deduction: { payee_key: string; month: Month },
  mandates: readonly M[],
): M | null {
  const key = deduction.payee_key.trim().toUpperCase();
  return (
    mandates.find(
      (m) =>
        m.state === 'used' && !!m.used_month && m.payee_key.trim().toUpperCase() === key && m.used_month <= deduction.month && deduction.month <= m.last_month,
    ) ?? null
  );
}

/** What a NEW deduction's row says about its mandate. */
export interface MandateCitation {
  nrc: string;
  payee_key: string;
  amount: number;
  end_date: CalendarDate | null;
  /** The submission's month. */
  month: Month;
  /** The MANDATE cell as written ('' when the file has no such column or the cell is blank). */
  cited: string;
}

export const NO_MANDATE_REASONS = [
  'none_cited',
  'unknown',
  'locked',
  'not_claimed',
  'other_nrc',
  'other_payee_key',
  'over_limit',
  'past_last_month',
  'revoked',
  'expired',
  'already_used',
] as const;
export type NoMandateReason = (typeof NO_MANDATE_REASONS)[number];

export const NO_MANDATE_MESSAGES: Record<NoMandateReason, (c: MandateCitation, m: MandateTerms | null) => string> = {
  none_cited: () => 'A new deduction must cite the employee’s mandate in the MANDATE column.',
  unknown: (c) => `Mandate ${c.cited} does not exist. Check the number the employee gave.`,
  locked: (_, m) => `Mandate ${m!.number} is locked after wrong PINs: it can never be claimed. Ask the employee to give a new mandate.`,
  not_claimed: (_, m) => `Mandate ${m!.number} has not been claimed. Claim it with the employee’s PIN on Mandates first.`,
  other_nrc: (c, m) => `Mandate ${m!.number} was given by another employee, not NRC ${c.nrc}.`,
  other_payee_key: (c, m) => `Mandate ${m!.number} was given to payee key ${m!.payee_key}, not ${c.payee_key}.`,
  over_limit: (c, m) => `The installment ZMW ${c.amount.toFixed(2)} is over the mandate’s limit of ZMW ${m!.max_monthly.toFixed(2)} a month.`,
  past_last_month: (c, m) => `The deduction ends in ${c.end_date ? monthOf(c.end_date) : 'no stated month'}, after the mandate’s last month, ${m!.last_month}.`,
  revoked: (_, m) => `Mandate ${m!.number} was revoked by the employee.`,
  expired: (_, m) => `Mandate ${m!.number} expired before it was claimed.`,
  already_used: (_, m) => `Mandate ${m!.number} was already used for a deduction starting ${m!.used_month}.`,
};

const sameKey = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();
const nrcKey = (nrc: string) => nrc.replace(/\D/g, '');

/**
 * Why a NEW deduction's mandate does not cover it, or null when it does. `mandate` is what the cited
 * number names (null when nothing does). Checked in the order a lender would fix them: the citation,
 * the mandate's state, whose it is, then its terms. A mandate used by a deduction of this same month
 * still covers it (the month's file sent again); one used for another month does not.
 */
export function noMandateReason(citation: MandateCitation, mandate: MandateTerms | null): NoMandateReason | null {
  if (!citation.cited.trim()) return 'none_cited';
  if (!mandate) return 'unknown';
  if (mandate.state === 'revoked') return 'revoked';
  if (mandate.state === 'expired') return 'expired';
  if (mandate.state === 'issued') return mandate.locked ? 'locked' : 'not_claimed';
  if (mandate.state === 'used' && mandate.used_month && mandate.used_month !== citation.month) return 'already_used';
  if (nrcKey(mandate.nrc) !== nrcKey(citation.nrc)) return 'other_nrc';
  if (!sameKey(mandate.payee_key, citation.payee_key)) return 'other_payee_key';
  if (citation.amount > mandate.max_monthly) return 'over_limit';
  if (!citation.end_date || monthOf(citation.end_date) > mandate.last_month) return 'past_last_month';
  return null;
}
