import type { S3Event } from 'aws-lambda';
import { findOrganisationByPayeeKey } from '#data/directory/organisations.js';
import { getMonthReconciliation } from '#data/payroll/reconciliation.js';
import { readUnexpectedJob, recordUnexpected, type UnexpectedLine, unexpectedLines } from '#data/payroll/unexpected.js';
import { employeeEntryByNrc } from '#data/register/leavers.js';
import { inParallelFromAsync } from '#lib/concurrency.js';
import { createEventHandler } from '#lib/event-handler.js';
import { logger } from '#lib/powertools.js';
import { recordsUpload } from '#shared/rules/applied-parts.js';
import { employeeNumberKey } from '#shared/rules/employee-number.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { objectKey } from './s3-records.js';

/** Lines recorded at once: each waits on a register read and a transaction, so a few overlap well; the list never whole in memory. */
const LINES_IN_FLIGHT = 8;

/**
 * S3 trigger on `unexpected/` in the uploads bucket (the job Submit of an applied deductions file drops once the
 * month's reconciliation is recorded): each UNEXPECTED line of the file (its validation's short list) is recorded
 * on its employee's NRC and texted at the mobile the payroll register holds for them, the register the portal's
 * sign-in reads (a leaver's last); no mobile, no text, and the record says so. The record and the text's outbox
 * item are one transaction conditioned on the record being new, so a replayed job, Submit pressed again or a
 * replacing applied file texts each line once. A job whose upload is not the month's recorded file does nothing.
 * LINES_IN_FLIGHT lines are recorded at once as the list streams (each its register read and its transaction).
 */
export const handler = createEventHandler(async (event: S3Event): Promise<void> => {
  for (const record of event.Records) await processJob(objectKey(record));
});

export async function processJob(key: string): Promise<void> {
  const job = await readUnexpectedJob(key);
  const month = job && (await getMonthReconciliation(job.month));
  if (!job || !month || !recordsUpload(month, job.upload_id)) {
    logger.warn('This job is not the month’s recorded applied file; ignored', { key });
    return;
  }
  const names = new Map(month.by_lender.map((lender) => [lender.payee_key, lender.org_name]));
  let texted = 0;
  let noMobile = 0;
  await inParallelFromAsync(unexpectedLines(job.upload_id), LINES_IN_FLIGHT, async (line) => {
    const outcome = await recordLine(job.month, job.upload_id, { ...line, org_name: line.org_name ?? names.get(line.payee_key) ?? null });
    if (outcome === 'texted') texted++;
    if (outcome === 'no_mobile') noMobile++;
  });
  logger.info('Unexpected deductions recorded', { month: job.month, uploadId: job.upload_id, texted, noMobile });
}

async function recordLine(month: string, uploadId: string, line: UnexpectedLine): Promise<'texted' | 'no_mobile' | 'before'> {
  const digits = nrcDigits(line.nrc);
  if (!digits) return 'before';
  const entry = await employeeEntryByNrc(line.nrc);
  const orgName = line.org_name ?? (await findOrganisationByPayeeKey(line.payee_key))?.org_name ?? null;
  const text = entry?.mobile
    ? {
        kind: 'deduction.unexpected' as const,
        to: entry.mobile,
        nrc_digits: digits,
        month,
        payee_key: line.payee_key,
        employee_no: employeeNumberKey(line.employee_no),
        amount: line.amount,
        org_name: orgName ?? `lender ${line.payee_key}`,
      }
    : null;
  if (!(await recordUnexpected(month, uploadId, { ...line, org_name: orgName }, text))) return 'before';
  return text ? 'texted' : 'no_mobile';
}
