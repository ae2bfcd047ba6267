import type { S3Event, S3EventRecord } from 'aws-lambda';
import { appliedChunkOf, ingestAppliedChunk } from '#data/history/applied-ingest.js';
import { ingestRows } from '#data/history/entries.js';
import { markSharedEmployeeNumbers } from '#data/history/shared-employee-numbers.js';
import { writeSummaries } from '#data/history/summary-writes.js';
import { readChunk } from '#data/ingestion/chunks.js';
import { chunkOf } from '#data/ingestion/layout.js';
import { allLanded, landChunk, totalCounts } from '#data/ingestion/progress.js';
import { markMandatesUsed } from '#data/mandates/use.js';
import { finishIngestion, getSubmission, type SubmissionRecord } from '#data/submissions/submissions.js';
import { createEventHandler } from '#lib/event-handler.js';
import { logger } from '#lib/powertools.js';
import { ingestionMessage } from '#shared/api/submissions.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { objectKey } from './s3-records.js';

/**
 * S3 trigger on `chunks/` in the uploads bucket (written by events/ingest-submission.ts): puts one chunk's
 * rows into borrower history and the borrower summaries, then lands the chunk on the submission's progress
 * (lambdas/data/ingestion/progress.ts); the chunk that lands last records the submission's counts. Run at
 * most INGEST_CHUNKS.concurrency at once (infra/sizing.ts), each chunk retried alone: a chunk that failed
 * part-way is written again and counts the same, a replayed one adds nothing, and chunks may land in any order.
 * An applied deductions file's chunks (`chunks/applied/…`) write what the payroll applied onto the same history.
 */
export const handler = createEventHandler(async (event: S3Event): Promise<void> => {
  for (const record of event.Records) await processRecord(record);
});

async function processRecord(record: S3EventRecord): Promise<void> {
  const key = objectKey(record);
  if (appliedChunkOf(key)) return ingestAppliedChunk(key);
  const chunk = chunkOf(key);
  const submission = chunk ? await getSubmission(chunk.submissionId) : null;
  if (!chunk || !submission) {
    logger.warn('No submission for this ingestion chunk; ignored', { key });
    return;
  }
  if (submission.counts) return;
  const rows = await readChunk(key);
  if (!rows) {
    logger.error('An ingestion chunk is missing', { key });
    return;
  }
  await ingestChunk(submission, chunk.index, rows);
}

/**
 * One chunk's work once its rows are read: history, summaries and marks (each safe to run again), then
 * its landing, once; whichever run completes the set of chunks (this one, or a replay finding it
 * complete) records the submission's counts, which finishIngestion records only once.
 */
export async function ingestChunk(submission: SubmissionRecord, index: number, rows: readonly CanonicalRow[]): Promise<void> {
  const source = {
    submissionId: submission.id,
    kind: submission.doc_kind,
    month: submission.upload_month,
    payeeKey: submission.payee_key,
    orgId: submission.org_id,
    orgName: submission.org_name,
    submittedAt: submission.created_at,
  };
  const counts = await ingestRows(source, rows);
  // The borrower summaries the deduction signals read (keyed writes: a replay rewrites the same values).
  // An item that refuses its entry costs that borrower's record this submission, never the other rows.
  const { refused, employeeNumbers } = await writeSummaries(source, rows);
  if (refused) logger.error("Borrower summaries refused this submission's entry; its history rows are stored", { id: submission.id, refused });
  await markSharedEmployeeNumbers(source, rows, employeeNumbers);
  await markMandatesUsed(source, rows);

  const progress = await landChunk(submission.id, index, counts);
  if (progress && allLanded(progress)) {
    const totals = totalCounts(progress);
    await finishIngestion(submission, totals, ingestionMessage(totals));
  }
}
