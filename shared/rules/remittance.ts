import { type Month, ZAMBIA_UTC_OFFSET_MINUTES } from './dates.js';

/**
 * Remittance statements: one for each lender (payee key) and month with a recorded reconciliation, numbered
 * RS-{YYYYMM}-{PAYEE KEY} (e.g. RS-202611-1234): the same lender and month always give the same number, and a
 * person reads the period and the lender off it.
 */
const NUMBER = /^RS-(\d{4})(0[1-9]|1[0-2])-([A-Z0-9._-]{2,20})$/;

export function statementNumber(month: Month, payeeKey: string): string {
  return `RS-${month.replace('-', '')}-${payeeKey}`;
}

/** The month and payee key a statement number names, or null when it is not one (case and spaces forgiven). */
export function parseStatementNumber(text: string): { month: Month; payeeKey: string } | null {
  const match = NUMBER.exec(text.trim().toUpperCase());
  return match ? { month: `${match[1]}-${match[2]}`, payeeKey: match[3]! } : null;
}

/** Where a statement stands: nothing recorded yet, what arrived equals it, a difference open, or one resolved with a note. */
export const REMITTANCE_STATES = ['awaiting', 'matched', 'difference', 'resolved'] as const;
export type RemittanceState = (typeof REMITTANCE_STATES)[number];

const ngwee = (zmw: number) => Math.round(zmw * 100);

/** What arrived less what the statement says was remitted, to the ngwee: negative when less arrived. */
export function remittanceDifference(statementTotal: number, received: number): number {
  return (ngwee(received) - ngwee(statementTotal)) / 100;
}

export function remittanceState(statementTotal: number, receipt: { amount: number; resolved: boolean } | null): RemittanceState {
  if (!receipt) return 'awaiting';
  if (remittanceDifference(statementTotal, receipt.amount) === 0) return 'matched';
  return receipt.resolved ? 'resolved' : 'difference';
}

/** Today in Lusaka (UTC+2), YYYY-MM-DD: the latest day a receipt may be dated. */
export function lusakaToday(now: Date = new Date()): string {
  return new Date(now.getTime() + ZAMBIA_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}
