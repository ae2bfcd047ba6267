import { IconPaperclip } from '@tabler/icons-react';
import { type FileLimits, FilePicker } from '@/components/ui/file-picker';
import { DISPUTE_EVIDENCE_MAX_BYTES, DISPUTE_EVIDENCE_MAX_FILES, DISPUTE_MESSAGES } from '@shared/api/disputes';

const EVIDENCE_LIMITS: FileLimits = { accept: 'application/pdf,.pdf', hint: 'PDF files, up to 10 MB each.', maxFiles: DISPUTE_EVIDENCE_MAX_FILES };

/** What is wrong with a choice of evidence files, or null: PDF only, 10 MB each, 10 at most. */
export function evidenceProblem(files: readonly File[]): string | null {
  if (files.length > DISPUTE_EVIDENCE_MAX_FILES) return DISPUTE_MESSAGES.evidenceCount;
  if (files.some((f) => !/\.pdf$/i.test(f.name))) return DISPUTE_MESSAGES.evidenceType;
  if (files.some((f) => f.size > DISPUTE_EVIDENCE_MAX_BYTES)) return DISPUTE_MESSAGES.evidenceSize;
  if (files.some((f) => f.size === 0)) return 'An evidence file is empty.';
  return null;
}

/** PDF evidence, several at once; the server and storage check the same limits again. */
export function EvidenceInput({
  files,
  onChange,
  label = 'Evidence (PDF, optional)',
  disabled,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  label?: string;
  disabled?: boolean;
}) {
  return (
    <FilePicker
      mode="many"
      label={label}
      limits={EVIDENCE_LIMITS}
      placeholder="Choose PDF files"
      icon={<IconPaperclip size={16} aria-hidden />}
      value={files}
      onChange={onChange}
      error={evidenceProblem(files)}
      disabled={disabled}
    />
  );
}
