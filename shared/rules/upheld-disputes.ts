import type { Month } from './dates.js';

/** A dispute decided in the borrower's favour: the lender's (payee key's) deduction of that month was not theirs. */
export interface UpheldDecision {
  payee_key: string;
  month: Month;
}

/**
 * Whether a deduction was decided in the employee's favour: an upheld dispute on the same lender's deduction
 * of that month or an earlier one (the same loan, deducted on). From the decision on, such a deduction is
 * marked so and left out of what the employee pays: the lender must stop it or refund it. A stoppage is no deduction.
 */
export function decidedInFavour(item: { payee_key: string; month: Month; kind: 'input' | 'stoppage' }, upheld: readonly UpheldDecision[]): boolean {
  return item.kind === 'input' && upheld.some((d) => d.payee_key === item.payee_key && d.month <= item.month);
}
