import { auditOfSubject, writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { createApiHandler } from '#http/handler.js';
import { nrcTrailKind, type NrcAuditResponse } from '#shared/api/audit.js';
import * as routes from '#shared/routes/audit.js';
import { normaliseNrc, nrcDigits } from '#shared/rules/nrc.js';

/**
 * One person's trail for a data subject's request (Zambia's Data Protection Act 2021): every entry
 * about the NRC — history lookups, fraud searches and checks that matched it, reports filed about it.
 * The export itself is recorded first, so it appears in the next one.
 */
export const handler = createApiHandler(routes.getNrcAudit, async ({ caller: me, query }) => {
  const raw = query.nrc;
  const digits = nrcDigits(raw);
  await writeAudit({ actor: me, action: 'audit.nrc_export', subject: auditSubject.nrc(digits), outcome: 'ok' });
  const trail = await auditOfSubject(auditSubject.nrc(digits));
  const response: NrcAuditResponse = { nrc: normaliseNrc(raw), lookups: [], reports: [], other: [] };
  for (const item of trail) response[nrcTrailKind(item.action)].push(item);
  return response;
});
