import { writeAudit } from '#data/audit/log.js';
import { type AuditSubject, auditSubject } from '#data/audit/subjects.js';
import { withApplied } from '#data/history/applied-read.js';
import { readBorrowerHistory, readEmployeeRows } from '#data/history/entries-read.js';
import { recentStatuses, rejectedAmong } from '#data/history/submission-statuses.js';
import { borrowerRecord, employeeRowsOf } from '#data/history/summaries.js';
import { recentSettings } from '#data/settings/settings.js';
import { BadRequestError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { HISTORY_MESSAGES, historyQuerySchema } from '#shared/api/history.js';
import * as routes from '#shared/routes/history.js';
import { currentMonth, shiftMonth } from '#shared/rules/dates.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { recordFindings } from '#shared/rules/record-findings.js';
import { firstMonthRead, historyView } from '../views.js';

/** A rejection stops counting in the record shown here within this long (submission-statuses.ts). */
const PENDING_STATUS_MS = 10_000;
const statuses = recentStatuses(PENDING_STATUS_MS);

/**
 * GET /api/history?nrc=&months=3 (spec part 2 §2 "Borrower History", §5, §7): one Query on the
 * borrower's partition, which also brings the borrower's record (identity and exposure). The
 * history holds personal data, so every lookup — refused, failed or answered — is written to the audit
 * log (who, their roles and the organisation they act for, which NRC, the outcome) before anything is returned. The
 * entry is written while the Query runs, so it cannot say how many items were found. A lookup is held to two
 * DynamoDB calls, the Query and the audit Put: the statuses of the submissions on record are
 * remembered by the warm function (a final one for good, a pending one for ten seconds), and an employee
 * number shared with another NRC, or the rows filed under an employee number without an NRC (one Query a
 * number), are read only when the record marks them. What the payroll applied in a month sits in the same partition;
 * which file the month records is read once in a while (lambdas/data/history/applied-read.ts).
 */
export const handler = createApiHandler(routes.getHistory, async ({ caller: me, query }) => {
  // The organisation the caller acts for (the request's choice, read with the caller): no database call.
  const audit = async (subject: AuditSubject, outcome: 'ok' | 'refused' | 'failed', details: Record<string, unknown>) =>
    writeAudit({ actor: me, org_id: me.actingOrgId, action: 'history.lookup', subject, outcome, details });

  const parsed = historyQuerySchema.safeParse(query);
  if (!parsed.success) {
    const digits = nrcDigits(query.nrc ?? '').slice(0, 20);
    const message = parsed.error.issues[0]?.message ?? HISTORY_MESSAGES.invalidNrc;
    await audit(digits ? auditSubject.nrc(digits) : auditSubject.history, 'refused', { reason: message });
    throw new BadRequestError(message, 'validation_failed');
  }
  const { nrc: digits, months } = parsed.data;
  const to = currentMonth();
  const from = shiftMonth(to, -(months - 1));
  // The Query and the audit Put run at once; the answer leaves only when both are done, so no
  // lookup is answered without its entry. A read that fails adds a 'failed' entry after it.
  const failed = async (error: unknown) => {
    await audit(auditSubject.nrc(digits), 'failed', { months }).catch(() => undefined);
    throw error;
  };
  // The Query reaches back over the running window too: what counts now may be older than what is shown.
  const [stored, settings] = await Promise.all([
    readBorrowerHistory(digits, firstMonthRead({ from, to })).catch(failed),
    recentSettings().catch(failed),
    audit(auditSubject.nrc(digits), 'ok', { months, from_month: from }),
  ]);
  const [record, withoutNrc] = await Promise.all([
    borrowerRecord(stored.record, statuses),
    readEmployeeRows(employeeRowsOf(stored.record), firstMonthRead({ from, to })),
  ]).catch(failed);
  // What the payroll applied, folded onto the deductions (the month's recorded file, remembered by the warm function).
  const { items, entries } = await withApplied([...stored.items, ...withoutNrc], stored.applied).catch(failed);
  // The record's read has just learnt these statuses: this asks the memo, rarely the table.
  const rejected = await rejectedAmong(new Set(items.flatMap((item) => (item.submission_id ? [item.submission_id] : []))), statuses).catch(failed);
  const { exposure, ...view } = historyView(
    digits,
    items.map((item) => ({ ...item, rejected: item.submission_id !== null && rejected.has(item.submission_id) })),
    { months, from, to },
    entries,
  );
  return { ...view, record: recordFindings(view.nrc, digits, record.records.get(digits) ?? [], record.employees, exposure, settings.exposure) };
});
