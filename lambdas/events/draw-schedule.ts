import type { S3Event } from 'aws-lambda';
import { drawSchedule } from '#data/payroll/schedule-draw.js';
import { deleteDrawJob, drawJobOf } from '#data/payroll/schedule-drawn.js';
import { createEventHandler } from '#lib/event-handler.js';
import { logger } from '#lib/powertools.js';
import { objectKey } from './s3-records.js';

/**
 * S3 trigger on `schedule-draws/` in the uploads bucket (the job a view or a download of /payroll drops when the month's
 * COMPLETED submissions changed since its schedule was last drawn): draws the month's schedule as its submissions stand
 * (lambdas/data/payroll/schedule-draw.ts), then removes the job. A repeated job finds the month drawn and does nothing.
 */
export const handler = createEventHandler(async (event: S3Event): Promise<void> => {
  for (const record of event.Records) {
    const key = objectKey(record);
    const job = drawJobOf(key);
    if (!job) {
      logger.warn('Not a schedule draw job; ignored', { key });
      continue;
    }
    const drawn = await drawSchedule(job.month);
    logger.info('Payroll schedule drawn', { month: job.month, fingerprint: drawn.fingerprint, lines: drawn.lines });
    await deleteDrawJob(key);
  }
});
