import type { S3Event, S3EventRecord } from 'aws-lambda';
import { appliedJobOf, splitAppliedJob } from '#data/history/applied-ingest.js';
import { writeChunks } from '#data/ingestion/chunks.js';
import { registerJoin } from '#data/ingestion/join.js';
import { chunkCount } from '#data/ingestion/layout.js';
import { markSplit, startProgress } from '#data/ingestion/progress.js';
import { failIngestion, finishIngestion, getSubmission } from '#data/submissions/submissions.js';
import { createEventHandler } from '#lib/event-handler.js';
import { logger } from '#lib/powertools.js';
import { SUBMISSION_MESSAGES } from '#shared/api/submissions.js';
import { objectKey, submissionIdOf } from './s3-records.js';

/**
 * S3 trigger on `ingest/` in the uploads bucket (written by Submit): splits the submission's canonical
 * rows into chunk objects (lambdas/data/ingestion/chunks.ts), whose own events ingest them in parallel
 * (events/ingest-chunk.ts), rows without an NRC joined to the payroll register's NRC for their employee
 * number (lambdas/data/ingestion/join.ts); the last chunk to land records { inserted, updated, skipped } once. A
 * re-delivered event finds the split done (or the counts recorded) and stops; a split that failed part-way
 * is run again and writes the same chunks. A recorded applied deductions file's job (`ingest/applied/…`) is split
 * into chunks the same way (lambdas/data/history/applied-ingest.ts).
 */
export const handler = createEventHandler(async (event: S3Event): Promise<void> => {
  for (const record of event.Records) await processRecord(record);
});

async function processRecord(record: S3EventRecord): Promise<void> {
  const key = objectKey(record);
  const applied = appliedJobOf(key);
  if (applied) return splitAppliedJob(applied.month, applied.uploadId);
  const id = submissionIdOf(key);
  const submission = id ? await getSubmission(id) : null;
  if (!submission) {
    logger.warn('No submission for this ingestion job; ignored', { key });
    return;
  }
  if (submission.counts) return;

  // Rows without the minimal fields never reached the parsed rows: they are skipped.
  const skippedBefore = Math.max(0, submission.row_count - submission.parsed_rows);
  const chunks = chunkCount(submission.parsed_rows);
  const progress = await startProgress(submission.id, { chunks, skipped_before: skippedBefore });
  if (!progress || progress.split) return;
  if (progress.chunks === 0) {
    await finishIngestion(submission, { inserted: 0, updated: 0, skipped: skippedBefore }, SUBMISSION_MESSAGES.noRowsIngested);
    return;
  }
  if (!(await writeChunks(submission.id, submission.upload_id, progress.chunks, await registerJoin()))) {
    logger.error('The parsed rows of this submission are missing', { id: submission.id });
    await failIngestion(submission.id, SUBMISSION_MESSAGES.ingestFailed);
    return;
  }
  await markSplit(submission.id);
}
