import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { expiryWatermark, ReportNotActiveError, reportsFiledBetween, retireReport, setExpiryWatermark } from '#data/registry/lifecycle.js';
import { readSettings } from '#data/settings/settings.js';
import { createEventHandler } from '#lib/event-handler.js';
import { logger } from '#lib/powertools.js';
import { FRAUD_MESSAGES } from '#shared/api/fraud.js';

/** The instant before which a report filed has expired: `years` before `now`. */
export function expiryCutoff(now: Date, years: number): string {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff.toISOString();
}

/**
 * The fraud reports' expiry, run daily by a schedule: every active report filed more than
 * the retention setting's years ago leaves the registry (lambdas/data/registry/lifecycle.ts), and an audit entry says
 * so. It reads the reports index from where its last run stopped (a watermark), oldest first, so a run
 * touches only what newly expired; a run cut off part-way, or two at once, expire each report once.
 */
export async function expireReports(now: Date = new Date()): Promise<{ expired: number }> {
  const { retention } = await readSettings();
  const before = expiryCutoff(now, retention.report_years);
  const after = (await expiryWatermark()) || '0';
  let start: Record<string, unknown> | undefined;
  let through = after;
  let expired = 0;
  do {
    const page = await reportsFiledBetween(after, before, start);
    for (const item of page.items) {
      if ((item.status ?? 'active') === 'active') {
        try {
          const report = await retireReport(
            { digits: item.nrc_key, sk: item.sk },
            { status: 'expired', reason: FRAUD_MESSAGES.expiredReason(retention.report_years), at: now.toISOString(), by_email: null },
          );
          expired++;
          await writeAudit({
            actor: null,
            action: 'fraud_report.expire',
            subject: auditSubject.nrc(report.nrc_key),
            outcome: 'ok',
            details: { report_id: report.id, years: retention.report_years },
          });
        } catch (error) {
          if (!(error instanceof ReportNotActiveError)) throw error;
        }
      }
      through = item.gsi1sk;
    }
    start = page.next;
  } while (start);
  if (through > after) await setExpiryWatermark(through);
  logger.info('Fraud reports expired', { expired, before, retention_years: retention.report_years });
  return { expired };
}

export const handler = createEventHandler(async (): Promise<void> => {
  await expireReports();
});
