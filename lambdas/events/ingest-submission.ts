import type { S3Event, S3EventRecord } from 'aws-lambda';
import { ingestionMessage, SUBMISSION_MESSAGES } from '../../shared/api/submissions.js';
import type { CanonicalRow } from '../../shared/rules/canonical-row.js';
import { writeSummaries } from '../data/summary-writes.js';
import { markSharedEmployeeNumbers } from '../data/shared-employee-numbers.js';
import { ingestRows } from '../data/history.js';
import { failIngestion, finishIngestion, getSubmission } from '../data/submissions.js';
import { readResultJson, resultKeys } from '../data/uploads.js';
import { logger } from '../lib/powertools.js';
import { objectKey, submissionIdOf } from './s3-records.js';
import { createEventHandler } from '../lib/handler.js';

/**
 * S3 trigger on `ingest/` in the uploads bucket (written by Submit): puts the submission's canonical
 * rows into borrower history and the borrower summaries, and records { inserted, updated, skipped } once. A re-delivered event finds
 * the counts recorded and stops; a run that failed part-way is run again and counts the same.
 */
export const handler = createEventHandler(async (event: S3Event): Promise<void> => {
  for (const record of event.Records) await processRecord(record);
});

async function processRecord(record: S3EventRecord): Promise<void> {
  const key = objectKey(record);
  const id = submissionIdOf(key);
  const submission = id ? await getSubmission(id) : null;
  if (!submission) {
    logger.warn('No submission for this ingestion job; ignored', { key });
    return;
  }
  if (submission.counts) return;

  const rows = await readResultJson<CanonicalRow[]>(resultKeys(submission.upload_id).rows);
  if (!rows) {
    logger.error('The parsed rows of this submission are missing', { id: submission.id });
    await failIngestion(submission.id, SUBMISSION_MESSAGES.ingestFailed);
    return;
  }
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
  if (refused) logger.error('Borrower summaries refused this submission\'s entry; its history rows are stored', { id: submission.id, refused });
  await markSharedEmployeeNumbers(source, rows, employeeNumbers);
  // Rows without the minimal fields never reached the parsed rows: they are skipped too.
  counts.skipped += Math.max(0, submission.row_count - rows.length);
  const message = rows.length === 0 ? SUBMISSION_MESSAGES.noRowsIngested : ingestionMessage(counts);
  await finishIngestion(submission, counts, message);
}
