import type { S3Event } from 'aws-lambda';
import { assembleDraw } from '#data/payroll/schedule-assemble.js';
import { drawPart, isRunJob, planDraw } from '#data/payroll/schedule-draw.js';
import { deleteDrawJob, drawJobOf } from '#data/payroll/schedule-drawn.js';
import { runJobOf } from '#data/payroll/schedule-parts.js';
import { createEventHandler } from '#lib/event-handler.js';
import { logger } from '#lib/powertools.js';
import { objectKey } from './s3-records.js';

/**
 * S3 trigger on `schedule-draws/` in the uploads bucket, the month's schedule drawn in parts (decision 0218): a month's
 * job (dropped by a view or a download of /payroll when its COMPLETED submissions changed since its last draw) plans a
 * run and drops a part job a lender; a part job draws that lender's lines and files; the last part drops the assembly
 * job, which writes the month's files and drawn item and removes the run's jobs. Each step is repeatable: a repeated or
 * duplicated job finds its work done, and a step of a run whose submissions changed since does nothing.
 */
export const handler = createEventHandler(async (event: S3Event): Promise<void> => {
  for (const record of event.Records) {
    const key = objectKey(record);
    const step = runJobOf(key);
    if (step?.payee) {
      const outcome = await drawPart(step.month, step.fingerprint, step.payee);
      logger.info('Payroll schedule part', { month: step.month, fingerprint: step.fingerprint, payee_key: step.payee, outcome });
      // A drawn part's job goes with its run's assembly; a superseded run has none to come.
      if (outcome === 'superseded') await deleteDrawJob(key);
      continue;
    }
    if (step) {
      const drawn = await assembleDraw(step.month, step.fingerprint);
      logger.info('Payroll schedule assembled', { month: step.month, fingerprint: step.fingerprint, lines: drawn?.lines ?? null });
      continue;
    }
    const job = drawJobOf(key);
    if (!job) {
      logger.warn('Not a schedule draw job; ignored', { key });
      continue;
    }
    const planned = await planDraw(job.month);
    logger.info('Payroll schedule planned', { month: job.month, ...planned });
    // The run's own job stands until its assembly (the views see it and ask no more); any other goes now.
    if (planned.drawn || !isRunJob(key, job.month, planned.fingerprint)) await deleteDrawJob(key);
  }
});
