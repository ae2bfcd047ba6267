import { evidenceLink } from '#data/registry/evidence.js';
import type { StoredReport } from '#data/registry/reports.js';
import { ATTACHMENT_LINK_SECONDS, type FraudReportItem } from '#shared/api/fraud.js';
import { displayFileName } from '#shared/rules/display-name.js';
import { mayWithdraw, type WithdrawRights } from './withdraw-access.js';

/**
 * A stored report as the search and latest lists show it: spec §3 fields, signed attachment links, its
 * status (active, withdrawn or expired).
 */
export async function reportView(report: StoredReport, rights: WithdrawRights): Promise<FraudReportItem> {
  const files = await Promise.all(
    (report.files ?? []).map(async (file) => ({
      path: file.path,
      name: displayFileName(file.name),
      url: await evidenceLink(file.path, file.name, ATTACHMENT_LINK_SECONDS),
    })),
  );
  return {
    id: report.id,
    created_at: report.created_at,
    fi_name: report.fi_name,
    type: report.type,
    nrc: report.nrc,
    person_name: report.person_name,
    description: report.description ?? '',
    report_month: report.report_month,
    payee_key: report.payee_key,
    files,
    status: report.status ?? 'active',
    status_reason: report.status_reason ?? null,
    status_at: report.status_at ?? null,
    disputed: report.disputed ? { at: report.disputed.at } : null,
    can_withdraw: (report.status ?? 'active') === 'active' && mayWithdraw(rights, report),
  };
}

export const reportViews = (reports: readonly StoredReport[], rights: WithdrawRights) => Promise.all(reports.map((report) => reportView(report, rights)));
