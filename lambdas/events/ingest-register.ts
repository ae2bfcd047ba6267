import type { S3Event, S3EventRecord } from 'aws-lambda';
import { forEachValidatedEmployee, isRegisterJobKey, landRegisterChunk, readRegisterJob, type RegisterJob } from '#data/register/ingestion.js';
import { putRegisterSnapshot, snapshotLine } from '#data/register/snapshot.js';
import { currentRegister, makeRegisterCurrent, type RegisterEntry, writeRegisterEntries } from '#data/register/versions.js';
import { createEventHandler } from '#lib/event-handler.js';
import { logger } from '#lib/powertools.js';
import type { RegisterEmployee } from '#shared/rules/register.js';
import { announceMobileChanges } from './register-mobiles.js';
import { objectKey } from './s3-records.js';

/**
 * S3 trigger on `register/` in the uploads bucket (jobs written by Submit of a payroll register,
 * lambdas/data/register/ingestion.ts): stores one chunk of the register's employees under its version (the
 * upload's id), then lands the chunk; the run that finds every chunk landed writes the version's snapshot
 * (lambdas/data/register/snapshot.ts) from the validated rows and makes the register current,
 * which replaces the previous one whole, and texts each employee whose mobile it changed at the old number
 * (./register-mobiles.ts). Every step is keyed: a replayed or retried chunk writes the same
 * items, and a register made current once is never made current again (lambdas/data/register/versions.ts).
 */
export const handler = createEventHandler(async (event: S3Event): Promise<void> => {
  for (const record of event.Records) await processRecord(record);
});

const entryOf = (e: RegisterEmployee): RegisterEntry => ({
  nrc: e.nrc,
  employee_number: e.employee_no,
  first_name: e.first_name,
  last_name: e.last_name,
  mobile: e.mobile,
  basic_pay: e.basic_pay,
  ministry: e.ministry,
});

async function processRecord(record: S3EventRecord): Promise<void> {
  const key = objectKey(record);
  const job = isRegisterJobKey(key) ? await readRegisterJob(key) : null;
  if (!job) {
    logger.warn('No register job at this key; ignored', { key });
    return;
  }
  await ingestRegisterChunk(job);
}

/** One chunk of a register: its employees stored, its landing, and the register made current when it is the last. */
export async function ingestRegisterChunk(job: RegisterJob): Promise<void> {
  const version = job.upload_id;
  const found = await forEachValidatedEmployee(job.upload_id, job.from, job.to, (batch) => writeRegisterEntries(version, job.month, batch.map(entryOf)));
  if (!found) {
    logger.error('The validated employees of this register are missing', { uploadId: job.upload_id });
    return;
  }
  if (!(await landRegisterChunk(version, job.index, job.count))) return;
  // Its snapshot before it is current, so that a validation reading the current register finds it.
  const lines: string[] = [];
  const whole = await forEachValidatedEmployee(job.upload_id, 0, job.employees, async (batch) => {
    for (const employee of batch) lines.push(snapshotLine(entryOf(employee)));
  });
  if (whole) await putRegisterSnapshot(version, lines);
  const made = await makeRegisterCurrent({
    version,
    month: job.month,
    employees: job.employees,
    uploaded_at: job.uploaded_at,
    uploaded_by: job.uploaded_by,
    submission_id: job.upload_id,
  });
  if (made) logger.info('Payroll register made current', { version, month: job.month, employees: job.employees });
  // Also when a retry finds it made current already (the run before may have stopped before the texts),
  // never once another register replaced it.
  if (made || (await currentRegister())?.version === version) await announceMobileChanges(job);
}
