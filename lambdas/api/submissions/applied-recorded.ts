import { startAppliedHistory } from '#data/history/applied-ingest.js';

/** What follows once a month's applied deductions file is recorded (Submit, or an approved replacement): one await per consumer. */
export async function onAppliedRecorded(month: string, uploadId: string): Promise<void> {
  await startAppliedHistory(month, uploadId);
}
