import { FILE_CHECK_ACTION } from '#data/audit/file-checks.js';
import { recentAuditOfSubject } from '#data/audit/log.js';
import { FILE_READ_ACTION, LINES_READ_ACTION } from '#data/audit/reconciliation-reads.js';
import { auditSubject } from '#data/audit/subjects.js';
import { getOrganisation } from '#data/directory/organisations.js';
import { reconciledMonthsOf } from '#data/history/applied-lenders.js';
import type { AuditItem } from '#shared/api/audit.js';
import { LOOKUP_KINDS, PORTAL_MONTHS } from '#shared/api/portal.js';
import { currentMonth, shiftMonth } from '#shared/rules/dates.js';

/** At most this many lookups are listed (newest first): far more than a person's record sees in a year. */
const MAX_LOOKUPS = 500;
const PLATFORM = 'The platform’s administrators';
/** An organisation's API client is named as the audit log names it ("API client core-banking of Lender A"): a system, not a person. */
const byClient = (e: { actor_id: string | null; actor_email: string | null }) => (e.actor_id?.startsWith('api-client:') && e.actor_email) || null;

const kindOf = (action: string): (typeof LOOKUP_KINDS)[number] | null =>
  action === 'history.lookup'
    ? 'history'
    : /^fraud_registry\.(search|check|latest)$/.test(action)
      ? 'fraud_registry'
      : action === FILE_CHECK_ACTION
        ? 'file_check'
        : action === LINES_READ_ACTION || action === FILE_READ_ACTION
          ? 'reconciliation'
          : null;

/**
 * The whole lender files (reconciliation CSV, remittance statement) handed out since `from` that named this person:
 * the payee keys and months their record marks as reconciled (one GetItem), one Query of each payee key's trail
 * (lambdas/data/audit/reconciliation-reads.ts).
 */
async function fileReadsNaming(digits: string, from: string): Promise<AuditItem[]> {
  const months = await reconciledMonthsOf(digits);
  const reads = await Promise.all(
    [...months].map(([payeeKey, named]) =>
      recentAuditOfSubject(
        auditSubject.payeeKey(payeeKey),
        from,
        MAX_LOOKUPS,
        (e) => e.outcome === 'ok' && e.action === FILE_READ_ACTION && named.has(String(e.details.month)),
      ),
    ),
  );
  return reads.flat();
}

/**
 * Who looked at one person's record over the last PORTAL_MONTHS months, newest first: the history
 * lookups of their NRC, the fraud registry reads that found it, the deduction files that named it (once a file) and the
 * reconciliation lines shown with it, as the audit log recorded them on the NRC's own trail (one Query on its subject
 * index: a search of many NRCs writes a pointer on each NRC it found); and the whole reconciliation and statement files
 * of its lenders' reconciled months (fileReadsNaming). Each by organisation and time; the staff member's name is not theirs to see.
 */
export async function lookupsOf(digits: string, now = new Date()) {
  const from = `${shiftMonth(currentMonth(now), -(PORTAL_MONTHS - 1))}-01`;
  const [own, files] = await Promise.all([
    recentAuditOfSubject(auditSubject.nrc(digits), from, MAX_LOOKUPS, (e) => e.outcome === 'ok' && kindOf(e.action) !== null),
    fileReadsNaming(digits, from),
  ]);
  const entries = [...own, ...files].sort((a, b) => b.ts.localeCompare(a.ts)).slice(0, MAX_LOOKUPS);
  const orgIds = [...new Set(entries.flatMap((e) => (e.org_id ? [e.org_id] : [])))];
  const names = new Map(await Promise.all(orgIds.map(async (id) => [id, (await getOrganisation(id))?.org_name ?? null] as const)));
  return {
    from,
    items: entries.map((e) => ({ at: e.ts, organisation: byClient(e) || (e.org_id && names.get(e.org_id)) || PLATFORM, kind: kindOf(e.action)! })),
  };
}
