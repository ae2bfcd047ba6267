import type { Month } from './dates.js';
import type { Issue } from './issues.js';
import { ISSUE_COLUMNS } from './issues.js';
import { NO_MANDATE_MESSAGES, noMandateReason, normaliseMandateNumber, type MandateCitation, type MandateTerms } from './mandate.js';
import type { Borrower } from './signal-borrowers.js';
import type { Signal } from './signal-messages.js';

/** The mandate number a borrower's rows cite, in its one written form (null when none or unreadable). */
export const citedNumber = (borrower: Pick<Borrower, 'mandate'>): string | null => (borrower.mandate ? normaliseMandateNumber(borrower.mandate) : null);

/** What a new deduction's rows say about its mandate: the borrower's installments summed, its latest end date. */
export const citationOf = (ctx: { month: Month; payeeKey: string }, borrower: Borrower): MandateCitation => ({
  nrc: borrower.nrc ?? '',
  payee_key: ctx.payeeKey,
  amount: borrower.installment,
  end_date: borrower.end_date || null,
  month: ctx.month,
  cited: (borrower.mandate ?? '').trim(),
});

/**
 * NO_MANDATE on each new deduction whose cited mandate does not cover it (shared/rules/mandate.ts
 * noMandateReason, the reason in the message). `mandates` holds what the cited numbers name (by number);
 * a number naming nothing is unknown. The borrower's installments are summed and its latest end date
 * taken, as a lender deducts one amount a month.
 */
export function noMandateSignals(ctx: { month: Month; payeeKey: string }, fresh: Iterable<Borrower>, mandates: ReadonlyMap<string, MandateTerms>): Signal[] {
  const out: Signal[] = [];
  for (const borrower of fresh) {
    const number = citedNumber(borrower);
    const citation = citationOf(ctx, borrower);
    const mandate = number ? (mandates.get(number) ?? null) : null;
    const reason = noMandateReason(citation, mandate);
    if (reason)
      out.push({
        row: borrower.row,
        type: 'NO_MANDATE',
        nrc: borrower.nrc,
        employee_no: borrower.employee_no,
        message: NO_MANDATE_MESSAGES[reason](citation, mandate),
      });
  }
  return out;
}

/** A NO_MANDATE signal as the row error it becomes once mandates are required for the file's month. */
export const mandateError = (signal: Signal): Issue => ({ row: signal.row, column: ISSUE_COLUMNS.mandate, type: 'MANDATE', message: signal.message });

/** Whether mandates are required for a submission month: from `requiredFrom` on, when it is set. */
export const mandatesRequired = (requiredFrom: Month | null | undefined, month: Month): boolean => Boolean(requiredFrom && month >= requiredFrom);
