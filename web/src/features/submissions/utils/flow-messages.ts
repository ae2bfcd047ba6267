import { formatCount } from '@/lib/format';
import { SUBMISSION_MESSAGES, type SubmissionResponse, type UploadResponse } from '@shared/api/submissions';

export type Tone = 'red' | 'green' | 'blue';
export interface FlowMessage {
  tone: Tone;
  text: string;
}
export interface Activity {
  text: string;
  /** Upload progress 0–100 while the file travels to storage. */
  progress: number | null;
}

export const ONBOARDING_READY: FlowMessage[] = [
  { tone: 'blue', text: 'Validation not required for onboarding attachments.' },
  { tone: 'blue', text: 'Ready to submit.' },
];

/** The line after "Validation complete.": ready, errors to fix, or only the browser could check. */
export function validationOutcome(server: UploadResponse | null): FlowMessage {
  const errors = server?.totals.errors ?? 0;
  if (!server) return { tone: 'red', text: 'Only your browser could check the file. Validate again before you submit.' };
  if (errors === 0 && server.doc_kind === 'register') {
    return {
      tone: 'green',
      text: 'Validated. Check what it changes below, then submit it: a second admin of the payroll authority approves it before it replaces the current register.',
    };
  }
  if (errors === 0) return { tone: 'green', text: 'Ready to submit.' };
  return {
    tone: 'red',
    text: `${formatCount(errors)} error${errors === 1 ? '' : 's'} must be fixed before you can submit: correct the file, then validate again.`,
  };
}

/** The line after a submit's own message: how ingestion into borrower history went, or that it goes on. */
export function ingestionOutcome(submission: SubmissionResponse | null): FlowMessage {
  if (!submission) return { tone: 'blue', text: 'Borrower history is still being updated; the counts will appear on the Reports screen.' };
  if (submission.ingestion.status === 'failed') return { tone: 'red', text: submission.ingestion.message ?? SUBMISSION_MESSAGES.ingestFailed };
  return { tone: 'green', text: submission.ingestion.message ?? '' };
}
