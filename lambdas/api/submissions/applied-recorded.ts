import { putUnexpectedJob } from '#data/payroll/unexpected.js';

/**
 * What follows once a month's applied deductions file is recorded (Submit, or a replacement approved): the
 * UNEXPECTED lines recorded and texted to their employees by their own event (events/unexpected-deductions).
 */
export async function onAppliedRecorded(month: string, uploadId: string): Promise<void> {
  await putUnexpectedJob(month, uploadId);
}
