import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { notificationPut } from '#data/notifications/outbox.js';
import { findReportRef, getReport, ReportNotActiveError, retireReport } from '#data/registry/lifecycle.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { ConflictError, ForbiddenError, NotFoundError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { FRAUD_MESSAGES, type WithdrawFraudReportResponse } from '#shared/api/fraud.js';
import * as routes from '#shared/routes/fraud.js';
import { reportView } from '../views.js';
import { mayWithdraw, withdrawRightsOf } from '../withdraw-access.js';

const REPORT_ID = /^[0-9a-f-]{36}$/;

/**
 * The filing organisation's admins, or a platform admin, take an active report off the
 * registry with a reason. Another organisation gets 403 and nothing changes; a report already withdrawn
 * or expired — including by a withdrawal that landed a moment earlier — gets 409 with its status.
 */
async function withdraw(me: AuthenticatedCaller, id: string | undefined, reason: string): Promise<WithdrawFraudReportResponse> {
  const ref = id && REPORT_ID.test(id) ? await findReportRef(id) : null;
  const [report, rights] = await Promise.all([ref ? getReport(ref) : null, withdrawRightsOf(me)]);
  if (!ref || !report) throw new NotFoundError(FRAUD_MESSAGES.withdrawNotFound);
  const subject = auditSubject.nrc(report.nrc_key);
  if (!mayWithdraw(rights, report)) {
    await writeAudit({
      actor: me,
      action: 'fraud_report.withdraw',
      subject,
      outcome: 'refused',
      details: { report_id: report.id, reason: 'not_filing_organisation' },
    });
    throw new ForbiddenError(FRAUD_MESSAGES.withdrawNotYours, 'not_filing_organisation');
  }
  try {
    // The platform admins are notified by an outbox item in the withdrawal's own transaction.
    const notify = notificationPut({ kind: 'fraud_report.withdrawn', report_id: report.id, reason, by_email: me.email });
    const withdrawn = await retireReport(ref, { status: 'withdrawn', reason, at: new Date().toISOString(), by_email: me.email }, report, [notify]);
    await writeAudit({
      actor: me,
      action: 'fraud_report.withdraw',
      subject,
      outcome: 'ok',
      details: { report_id: report.id, reason, before: { status: 'active' }, after: { status: 'withdrawn' } },
    });
    return { report: await reportView(withdrawn, rights), message: FRAUD_MESSAGES.withdrawn };
  } catch (error) {
    if (error instanceof ReportNotActiveError) throw new ConflictError(FRAUD_MESSAGES.notActive(error.report.status ?? 'active'), 'not_active');
    throw error;
  }
}

/** POST /api/fraud-reports/{id}/withdraw {reason} */
export const handler = createApiHandler(routes.withdrawFraudReport, async ({ caller, params, body }) => withdraw(caller, params.id, body.reason));
