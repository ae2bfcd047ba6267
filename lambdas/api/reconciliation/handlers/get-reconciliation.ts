import { recordFileRead, recordLinesRead } from '#data/audit/reconciliation-reads.js';
import { readLenderPage } from '#data/payroll/reconciliation-page.js';
import { ensureLenderCsv, getMonthReconciliation, lenderCsvLink } from '#data/payroll/reconciliation.js';
import { scheduleToAnswer } from '#data/payroll/schedule-read.js';
import { BadRequestError, NotFoundError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { type LenderTotals, RECONCILIATION_MESSAGES, RECONCILIATION_PAGE_SIZE } from '#shared/api/reconciliation.js';
import * as routes from '#shared/routes/reconciliation.js';
import { awaitingLenders, uploadFor } from '#shared/rules/applied-parts.js';
import { normalisePayeeKey } from '#shared/rules/payee-key.js';
import type { ReconciliationLine } from '#shared/rules/reconciliation.js';
import { ownPayeeKeys, seesEveryLender } from '../../common/lender-payee-keys.js';
import { authoriseLenderPayeeKey } from '../access.js';

const sum = (lenders: readonly LenderTotals[], pick: (lender: LenderTotals) => number) =>
  Math.round(lenders.reduce((total, lender) => total + pick(lender) * 100, 0)) / 100;

/**
 * GET /api/reconciliation: the month's reconciliation as its applied file's Submit recorded it. With a payee key,
 * that lender's totals and a page of its lines (by status, by NRC digits); without, the totals over every lender
 * the caller may see. A lender sees its own payee keys only (403 for another's). In a month answered in parts, each
 * lender's lines come from its part's file, and the schedule's lenders no part answers yet are listed as awaited.
 * The lines shown and the CSV linked are recorded for the employees' "Who looked" (lambdas/data/audit/reconciliation-reads.ts).
 */
export const handler = createApiHandler(routes.getReconciliation, async ({ caller: me, query }) => {
  const payeeKey = query.payee_key ? normalisePayeeKey(query.payee_key) : null;
  const all = seesEveryLender(me);
  if (payeeKey && !all) await authoriseLenderPayeeKey(me, payeeKey);
  const record = await getMonthReconciliation(query.month);
  if (!record) throw new NotFoundError(RECONCILIATION_MESSAGES.notYet(query.month), 'no_reconciliation');

  const own = all ? null : new Set(payeeKey ? [payeeKey] : await ownPayeeKeys(me));
  const lenders = own ? record.by_lender.filter((lender) => own.has(lender.payee_key)) : record.by_lender;
  // A month answered in parts: the lenders of the version its parts answer that no part answers yet are awaited, never NOT_APPLIED.
  const waiting = record.parts ? awaitingLenders(record, (await scheduleToAnswer(query.month, record, true))?.by_lender ?? []) : [];
  const awaiting = waiting.filter((lender) => !own || own.has(lender.payee_key)).map(({ payee_key, org_name }) => ({ payee_key, org_name }));
  const base = { month: record.month, schedule_version: record.schedule_version, submitted_at: record.submitted_at, lenders, awaiting };
  const counts = { applied: 0, short: 0, not_applied: 0, unexpected: 0 };
  if (!payeeKey) {
    for (const lender of lenders) for (const key of Object.keys(counts) as (keyof typeof counts)[]) counts[key] += lender.counts[key];
    const totals = { expected_total: sum(lenders, (l) => l.expected_total), applied_total: sum(lenders, (l) => l.applied_total) };
    return { ...base, payee_key: null, ...totals, counts, lines: [], next_cursor: null, csv_url: null };
  }

  const lender = record.by_lender.find((entry) => entry.payee_key === payeeKey);
  const upload = uploadFor(record, payeeKey);
  if (!lender && awaiting.some((entry) => entry.payee_key === payeeKey))
    throw new NotFoundError(RECONCILIATION_MESSAGES.awaiting(payeeKey, record.month), 'awaiting_applied');
  if (!lender || !upload) throw new NotFoundError(RECONCILIATION_MESSAGES.unknownPayeeKey(payeeKey), 'unknown_payee_key');
  const digits = (query.nrc ?? '').replace(/\D/g, '');
  const keep = (line: ReconciliationLine) => (!query.status || line.status === query.status) && (!digits || line.nrc.replace(/\D/g, '').includes(digits));
  // A page reads its own lines from where the page before stopped (the cursor: a byte of the lender's file), never the whole file.
  const from = Number(query.cursor ?? 0);
  const read = await readLenderPage(upload, payeeKey, from, keep, RECONCILIATION_PAGE_SIZE);
  if (read === 'misaligned') throw new BadRequestError(RECONCILIATION_MESSAGES.staleCursor, 'stale_cursor');
  if (!read) throw new NotFoundError(RECONCILIATION_MESSAGES.unknownPayeeKey(payeeKey), 'unknown_payee_key');
  const page = read.lines;
  const next = read.next === null ? null : String(read.next);
  const { expected_total, applied_total } = lender;
  // The NRCs shown and the whole file linked are reads the employees named see in "Who looked".
  const reader = { actor: me, org_id: me.actingOrgId };
  const shown = { month: record.month, payeeKey, uploadId: upload };
  // The CSV is made with the first page (a cursor comes from a first page that made it): a later page only signs its link.
  if (query.cursor === undefined) await ensureLenderCsv(upload, payeeKey);
  const [csv_url] = await Promise.all([
    lenderCsvLink(upload, payeeKey, record.month),
    recordLinesRead(
      reader,
      shown,
      page.map((line) => line.nrc),
    ),
    recordFileRead(reader, shown, 'reconciliation_csv'),
  ]);
  return { ...base, payee_key: payeeKey, expected_total, applied_total, counts: lender.counts, lines: page, next_cursor: next, csv_url };
});
