import { citedNumber, noMandateSignals } from '../../shared/rules/mandate-signals.js';
import type { Borrower, Signal } from '../../shared/rules/signals.js';
import type { Month } from '../../shared/rules/dates.js';
import { mandatesByNumber } from '../data/mandates.js';

/**
 * The NO_MANDATE signals of an inputs file: each new deduction (`fresh`, the borrowers the previous month
 * did not have) against the mandate it cites. Only the cited numbers are read, 100 a BatchGetItem: a
 * 100,000-row file with 20,000 new deductions costs 200 calls, and one with none costs nothing.
 */
export async function mandateSignalsOf(upload: { month: Month; payee_key: string }, file: ReadonlyMap<string, Borrower>, fresh: ReadonlySet<string>): Promise<Signal[]> {
  const borrowers: Borrower[] = [];
  const numbers = new Set<string>();
  for (const key of fresh) {
    const borrower = file.get(key);
    if (!borrower) continue;
    borrowers.push(borrower);
    const number = citedNumber(borrower);
    if (number) numbers.add(number);
  }
  const mandates = numbers.size ? await mandatesByNumber([...numbers]) : new Map();
  return noMandateSignals({ month: upload.month, payeeKey: upload.payee_key }, borrowers, mandates);
}
