import { recordFileRead } from '#data/audit/reconciliation-reads.js';
import { getMonthReconciliation } from '#data/payroll/reconciliation.js';
import { listReceipts } from '#data/payroll/remittances.js';
import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/remittances.js';
import { ownPayeeKeys, seesEveryLender } from '../../common/lender-payee-keys.js';
import { listingSides } from '../access.js';
import { statementView } from '../statements.js';

/**
 * GET /api/remittances?month=: a statement for each lender of the month's recorded reconciliation, with what arrived.
 * A lender sees the statements of its own payee keys; the payroll authority, PMEC compliance and platform admins
 * see every lender's (the rule of GET /api/reconciliation). A month not reconciled yet has none. Each statement
 * linked is recorded for its employees' "Who looked" (lambdas/data/audit/reconciliation-reads.ts).
 */
export const handler = createApiHandler(routes.listRemittances, async ({ caller: me, query }) => {
  const record = await getMonthReconciliation(query.month);
  if (!record) return { month: query.month, items: [] };
  const all = seesEveryLender(me);
  const own = all ? null : new Set(await ownPayeeKeys(me));
  const lenders = own ? record.by_lender.filter((lender) => own.has(lender.payee_key)) : record.by_lender;
  const [receipts, sides] = await Promise.all([listReceipts(record.month), listingSides(me, all)]);
  const items = await Promise.all(lenders.map((lender) => statementView(record, lender, receipts.get(lender.payee_key) ?? null, sides)));
  // Each statement linked names its lender's employees: a read their "Who looked" finds.
  const reader = { actor: me, org_id: me.actingOrgId };
  await Promise.all(lenders.map((l) => recordFileRead(reader, { month: record.month, payeeKey: l.payee_key, uploadId: record.upload_id }, 'statement')));
  return { month: record.month, items };
});
