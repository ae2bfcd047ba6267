import { mandatesByNumber } from '#data/mandates/mandates.js';
import type { Month } from '#shared/rules/dates.js';
import { citationOf, citedNumber, noMandateSignals } from '#shared/rules/mandate-signals.js';
import { noMandateReason, type MandateTerms } from '#shared/rules/mandate.js';
import type { Borrower, Signal } from '#shared/rules/signals.js';

/**
 * The NO_MANDATE signals of an inputs file: each new deduction (`fresh`, the borrowers the previous month
 * did not have) against the mandate it cites. `mirrored` holds the claimed mandates the borrowers' NRC
 * summaries carry (read with their records, lambdas/data/mandates/mirror.ts): a deduction they cover costs no
 * read. Only the others' cited numbers are read, 100 a BatchGetItem, to say what is wrong with each.
 */
export async function mandateSignalsOf(
  upload: { month: Month; payee_key: string },
  file: ReadonlyMap<string, Borrower>,
  fresh: ReadonlySet<string>,
  mirrored: ReadonlyMap<string, readonly MandateTerms[]>,
): Promise<Signal[]> {
  const ctx = { month: upload.month, payeeKey: upload.payee_key };
  const uncovered: Borrower[] = [];
  const numbers = new Set<string>();
  for (const key of fresh) {
    const borrower = file.get(key);
    if (!borrower) continue;
    const number = citedNumber(borrower);
    const own = number ? mirrored.get(borrower.digits)?.find((m) => m.number === number) : undefined;
    if (own && noMandateReason(citationOf(ctx, borrower), own) === null) continue;
    uncovered.push(borrower);
    if (number) numbers.add(number);
  }
  const mandates = numbers.size ? await mandatesByNumber([...numbers]) : new Map<string, MandateTerms>();
  return noMandateSignals(ctx, uncovered, mandates);
}
