import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { normaliseNrc } from '#shared/rules/nrc.js';

/** The audit entry names at most this many matched NRCs (an item must stay under DynamoDB's 400 KB). */
const AUDITED_MATCHES = 5_000;

/** Records a read of the registry; every matched NRC's own trail names it. */
export function audit(me: AuthenticatedCaller, action: string, details: Record<string, unknown>, matchedDigits: readonly string[]) {
  const matched = matchedDigits.slice(0, AUDITED_MATCHES).map(normaliseNrc);
  return writeAudit({
    actor: me,
    // The organisation the caller acts for: the person's "Who looked" names it.
    org_id: me.actingOrgId,
    action,
    subject: auditSubject.registry,
    outcome: 'ok',
    details: { ...details, matched_count: matchedDigits.length, matched, matched_truncated: matchedDigits.length > AUDITED_MATCHES },
    // Each matched person's own trail names this search (the export of GET /api/admin/audit/nrc).
    also: matchedDigits.slice(0, AUDITED_MATCHES).map((digits) => auditSubject.nrc(digits)),
  });
}
