/**
 * What follows once a file is the month's recorded applied deductions file: after the first file's Submit and after
 * an approved replacement, with the same arguments. Each consumer adds one await here.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function onAppliedRecorded(month: string, uploadId: string): Promise<void> {}
