import { randomUUID } from 'node:crypto';
import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { consumeRateLimit, windowEndsAt } from '#data/rate-limits/windows.js';
import { EvidenceChangedError, EvidenceExistsError, copyEvidenceNoOverwrite, deleteEvidence, readEvidenceStartOf } from '#data/registry/evidence.js';
import { DuplicateRequestError, type StoredFile, type StoredReport, putReport, reportIdOfRequest } from '#data/registry/reports.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { BadRequestError, ConflictError, ForbiddenError, PayloadTooLargeError, TooManyRequestsError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { logger } from '#lib/powertools.js';
import { EVIDENCE_MAX_BYTES, FRAUD_MESSAGES, FRAUD_REPORTS_PER_HOUR } from '#shared/api/fraud.js';
import * as routes from '#shared/routes/fraud.js';
import { lusakaClock } from '#shared/rules/dates.js';
import { extensionOf, matchesSignature, SIGNATURE_BYTES } from '#shared/rules/file-signature.js';
import type { FraudReport } from '#shared/rules/fraud-report.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { finalEvidenceKey, parseStagingKey } from '../names.js';
import { reportingOrganisation } from '../reporting-org.js';

interface FileReportInput extends FraudReport {
  attachments: string[];
  request_id?: string;
}

interface Staged {
  key: string;
  file: string;
  /** The ETag of the object whose first bytes were checked: only that object is copied. */
  etag: string;
}

/** The caller's own staged uploads, each present in S3; anything else is refused before any write. */
async function checkAttachments(me: AuthenticatedCaller, keys: readonly string[]): Promise<Staged[]> {
  const staged = keys.map((key) => {
    const parsed = parseStagingKey(key);
    if (!parsed || parsed.userId !== me.userId) {
      throw new ForbiddenError(`Attachment '${key.slice(0, 120)}' is not one of your uploads. Attach the file again from this form.`, 'attachment_not_yours');
    }
    return { key, file: parsed.file };
  });
  // The declared type proves nothing: each file must start as what its name says (a .pdf as a PDF...).
  // Its size and ETag come with the same read, so the object copied later is the one checked here.
  const starts = await Promise.all(staged.map((s) => readEvidenceStartOf(s.key, SIGNATURE_BYTES)));
  return starts.map((read, i) => {
    const name = staged[i]!.file;
    if (!read) throw new BadRequestError(`Attachment '${name}' was not uploaded, or was already used in a report. Attach it again.`, 'attachment_missing');
    if (read.size > EVIDENCE_MAX_BYTES) throw new PayloadTooLargeError(`'${name}' is too large. ${FRAUD_MESSAGES.fileTooLarge}`);
    if (!matchesSignature(extensionOf(name), read.start)) {
      throw new BadRequestError(FRAUD_MESSAGES.notWhatItClaims(name, extensionOf(name)), 'attachment_not_what_it_claims');
    }
    return { ...staged[i]!, etag: read.etag };
  });
}

/** Copies every staged file to its final path; on any failure removes the copies already made. */
async function placeAttachments(report: FraudReport & { fi_name: string }, staged: readonly Staged[], timestamp: number): Promise<StoredFile[]> {
  const files = staged.map((s, i) => ({
    from: s.key,
    etag: s.etag,
    path: finalEvidenceKey({ month: report.report_month, payeeKey: report.payee_key, fiName: report.fi_name, timestamp, n: i + 1, file: s.file }),
    name: s.file,
  }));
  const results = await Promise.allSettled(files.map((f) => copyEvidenceNoOverwrite(f.from, f.path, f.etag)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    const placed = files.filter((_, i) => results[i]!.status === 'fulfilled').map((f) => f.path);
    await deleteEvidence(placed).catch((error: unknown) => logger.warn('Could not remove copied attachments', { placed, error }));
    if (failed.reason instanceof EvidenceExistsError) throw new ConflictError('An attachment with the same name was filed at the same moment. Submit again.');
    if (failed.reason instanceof EvidenceChangedError) {
      throw new ConflictError('An attachment changed or was removed after it was checked. Attach the files again, then submit.', 'attachment_changed');
    }
    throw failed.reason;
  }
  return files.map(({ path, name }) => ({ path, name }));
}

/**
 * Files a fraud report: checks the attachments, copies them into place, then stores the report and its
 * NRC summary in one transaction — a report is only ever stored with all of its attachments in place.
 * A retry with the same request_id answers with the report already filed.
 */
async function fileReport(me: AuthenticatedCaller, input: FileReportInput): Promise<{ id: string; message: string }> {
  const done = (id: string) => ({ id, message: FRAUD_MESSAGES.submitted });
  if (input.request_id) {
    const existing = await reportIdOfRequest(me.userId, input.request_id);
    if (existing) return done(existing);
  }
  // Who the report is filed as, its attachments and the organisation's hourly count: all before anything is copied.
  const org = await reportingOrganisation(me, input.payee_key);
  const staged = await checkAttachments(me, input.attachments);
  // Counted per organisation, whichever of its members files, once the report is whole (a refused one is not).
  const limit = { scope: `fraud-reports:org:${org.org_id}`, limit: FRAUD_REPORTS_PER_HOUR, windowSeconds: 3600 };
  if (!(await consumeRateLimit(limit))) {
    await writeAudit({
      actor: me,
      org_id: org.org_id,
      action: 'fraud_report.create',
      subject: auditSubject.nrc(nrcDigits(input.nrc)),
      outcome: 'refused',
      details: { reason: 'rate_limited' },
    });
    throw new TooManyRequestsError(FRAUD_MESSAGES.tooManyReports(lusakaClock(new Date(windowEndsAt(limit.windowSeconds)))));
  }
  const now = new Date();
  const files = await placeAttachments({ ...input, fi_name: org.org_name }, staged, now.getTime());
  const report: StoredReport = {
    id: randomUUID(),
    created_at: now.toISOString(),
    // The directory's name of the organisation holding the payee key, never what was typed.
    fi_name: org.org_name,
    type: input.type,
    nrc: input.nrc,
    nrc_key: nrcDigits(input.nrc),
    person_name: input.person_name,
    description: input.description,
    report_month: input.report_month,
    payee_key: input.payee_key,
    files,
    created_by: me.userId,
    created_by_email: me.email,
    // The reporting organisation: its admins may withdraw the report.
    org_ids: [org.org_id],
  };
  try {
    await putReport(report, input.request_id);
  } catch (error) {
    await deleteEvidence(files.map((f) => f.path)).catch((e: unknown) => logger.warn('Could not remove copied attachments', { error: e }));
    if (error instanceof DuplicateRequestError && input.request_id) {
      const existing = await reportIdOfRequest(me.userId, input.request_id);
      if (existing) return done(existing);
    }
    throw error;
  }
  // The staged copies are no longer needed; a failure here leaves only unreachable staging objects.
  await deleteEvidence(staged.map((s) => s.key)).catch((error: unknown) => logger.warn('Could not remove staged attachments', { error }));
  await writeAudit({
    actor: me,
    action: 'fraud_report.create',
    subject: auditSubject.nrc(report.nrc_key),
    outcome: 'ok',
    details: { report_id: report.id, attachments: files.length },
  }).catch((error: unknown) => logger.error('Could not audit a filed report', { report_id: report.id, error }));
  return done(report.id);
}

/** POST /api/fraud-reports: any signed-in user files a report with its staged attachments. */
export const handler = createApiHandler(routes.createFraudReport, async ({ caller: me, body }) => fileReport(me, body));
