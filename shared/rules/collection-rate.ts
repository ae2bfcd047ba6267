import { type Month, shiftMonth } from './dates.js';

/**
 * A lender's collection rate for a month: what the payroll applied against what the schedule asked, in percent
 * with one decimal. Money deducted beyond what was asked (UNEXPECTED) does not raise it above 100; null when
 * nothing was asked.
 */
export function collectionRate(expected: number, applied: number): number | null {
  if (!(expected > 0)) return null;
  return Math.round((Math.min(applied, expected) / expected) * 1000) / 10;
}

/** The `count` months ending with `last`, oldest first. */
export function monthsEnding(last: Month, count: number): Month[] {
  return Array.from({ length: count }, (_, index) => shiftMonth(last, index - count + 1));
}
