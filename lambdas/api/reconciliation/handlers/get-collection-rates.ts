import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { getMonthReconciliations } from '#data/payroll/reconciliation.js';
import { ForbiddenError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { COLLECTION_RATE_MESSAGES, COLLECTION_RATE_MONTHS, type CollectionRatesResponse } from '#shared/api/collection-rates.js';
import * as routes from '#shared/routes/reconciliation.js';
import { collectionRate, monthsEnding } from '#shared/rules/collection-rate.js';
import { seesEveryLender } from '../../common/lender-payee-keys.js';

/**
 * GET /api/reconciliation/collection-rates?month=: each lender's collection rate in each of the 12 months ending with
 * the month asked for, from the months' recorded reconciliations (one BatchGetItem of 12 keys). For those who see
 * every lender (the payroll authority, PMEC compliance, platform admins); anyone else 403 `not_every_lender`. A month
 * without a recorded file, or a lender absent from one, has no rate.
 */
export const handler = createApiHandler(routes.getCollectionRates, async ({ caller: me, query }) => {
  if (!seesEveryLender(me)) {
    const details = { reason: 'not_every_lender' };
    await writeAudit({ actor: me, action: 'reconciliation.rates', subject: auditSubject.schedule(query.month), outcome: 'refused', details });
    throw new ForbiddenError(COLLECTION_RATE_MESSAGES.everyLenderOnly, 'not_every_lender');
  }
  const months = monthsEnding(query.month, COLLECTION_RATE_MONTHS);
  const records = new Map((await getMonthReconciliations(months)).map((record) => [record.month, record]));
  const names = new Map<string, string | null>();
  for (const month of months)
    for (const lender of records.get(month)?.by_lender ?? []) names.set(lender.payee_key, lender.org_name ?? names.get(lender.payee_key) ?? null);
  const lenders: CollectionRatesResponse['lenders'] = [...names.keys()].sort().map((payeeKey) => ({
    payee_key: payeeKey,
    org_name: names.get(payeeKey) ?? null,
    rates: months.map((month) => {
      const lender = records.get(month)?.by_lender.find((entry) => entry.payee_key === payeeKey);
      const expected_total = lender?.expected_total ?? 0;
      const applied_total = lender?.applied_total ?? 0;
      return { month, expected_total, applied_total, rate: lender ? collectionRate(expected_total, applied_total) : null };
    }),
  }));
  return { months, reconciled: months.filter((month) => records.has(month)), lenders };
});
