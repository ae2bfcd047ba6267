import { Fieldset, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { type FileLimits, FilePicker } from '@/components/ui/file-picker';
import { type ClientType, ONBOARDING_DOCS, ONBOARDING_DOC_LABELS, type OnboardingDoc } from '@shared/api/accounts';

/** Each document: a PDF; the fieldset states the limits once for all of them. */
const DOCUMENT_LIMITS: FileLimits = { accept: 'application/pdf,.pdf' };

const HINTS: Record<OnboardingDoc, string> = {
  tpin: 'Taxpayer Identification Number certificate',
  pacra: 'PACRA certificate of incorporation',
  application: 'Signed application letter on your letterhead',
  intro_letter: 'Introductory letter from your department',
  nrc: 'Copy of your National Registration Card',
};

export interface DocumentFieldsProps {
  clientType: ClientType;
  files: Partial<Record<OnboardingDoc, File>>;
  errors: Partial<Record<OnboardingDoc, string>>;
  /** The message for documents not attached yet ('Attach TPIN, PACRA and Application Letter.'). */
  missingMessage?: string;
  onChange: (doc: OnboardingDoc, file: File | null) => void;
  disabled?: boolean;
}

/** The attachments of spec part 2 §3 for the chosen organisation type: PDF only, 10 MB each. */
export function DocumentFields({ clientType, files, errors, missingMessage, onChange, disabled }: DocumentFieldsProps) {
  return (
    <Fieldset legend="Documents" variant="filled" radius="md" disabled={disabled}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Attach each document as a PDF of at most 10 MB.
        </Text>
        {ONBOARDING_DOCS[clientType].map((doc) => (
          <FilePicker
            key={doc}
            mode="one"
            label={ONBOARDING_DOC_LABELS[doc]}
            description={HINTS[doc]}
            placeholder="Choose a PDF"
            limits={DOCUMENT_LIMITS}
            icon={<IconFileTypePdf size={18} aria-hidden />}
            value={files[doc] ?? null}
            onChange={(file) => onChange(doc, file)}
            error={errors[doc]}
            withAsterisk
          />
        ))}
        {missingMessage && (
          <Text size="sm" c="red" role="alert">
            {missingMessage}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
