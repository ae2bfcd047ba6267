import { kindLabel } from '@/lib/format';
import type { BulkDecisionResponse, BulkFailedFile, SubmissionListItem } from '@shared/api/reviews';

type NamedFile = Pick<BulkFailedFile, 'org_name' | 'payee_key' | 'doc_kind' | 'upload_month'>;

/** How the screen names a file: organisation (or payee key), kind and month. */
export const fileLabel = (file: NamedFile) => `${file.org_name ?? file.payee_key} · ${kindLabel(file.doc_kind)} · ${file.upload_month}`;

export interface FailureLine {
  id: string;
  label: string;
  message: string;
  /** Whether its row is still in the list, and so still selected to try again. */
  listed: boolean;
}

/**
 * Each failure of a bulk decision, named by its file: from the list while its row is there, else from
 * the answer (another reviewer may have moved it on). Only rows still listed stay selected.
 */
export function failureLines(failed: BulkDecisionResponse['failed'], listed: ReadonlyMap<string, SubmissionListItem>): FailureLine[] {
  return failed.map((failure) => {
    const row = listed.get(failure.id);
    const file = row ?? failure.file;
    return { id: failure.id, label: file ? fileLabel(file) : 'A submission you can no longer see', message: failure.message, listed: row !== undefined };
  });
}
