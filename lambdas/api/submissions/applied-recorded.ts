import { startAppliedHistory } from '#data/history/applied-ingest.js';
import { putUnexpectedJob } from '#data/payroll/unexpected.js';
import { emitReplacementReady } from '#data/webhooks/events.js';

/**
 * What follows once a month's applied deductions file is recorded (Submit, or a replacement approved), one await per
 * consumer, each only dropping a job object: the lines written onto borrower history (`ingest/applied/…`, chunked by
 * ingest-submission), the UNEXPECTED lines recorded and texted to their employees (`unexpected/…`, events/unexpected-deductions),
 * and, when the file replaced another, `reconciliation.ready` again to its lenders (Submit sends the first).
 */
export async function onAppliedRecorded(month: string, uploadId: string): Promise<void> {
  await startAppliedHistory(month, uploadId);
  await putUnexpectedJob(month, uploadId);
  await emitReplacementReady(month, uploadId);
}
