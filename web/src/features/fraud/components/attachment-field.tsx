import { ActionIcon, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconPaperclip, IconRefresh, IconX } from '@tabler/icons-react';
import { type FileLimits, FilePicker } from '@/components/ui/file-picker';
import { formatBytes } from '@/lib/format';
import { EVIDENCE_ACCEPT, EVIDENCE_EXTENSIONS, EVIDENCE_MAX_BYTES, EVIDENCE_MAX_FILES } from '@shared/api/fraud';
import { displayFileName } from '@shared/rules/display-name';
import type { Attachment } from '../api/use-attachments';

export interface AttachmentFieldProps {
  items: readonly Attachment[];
  rejected: readonly string[];
  disabled?: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  onRetry: (id: string) => void;
}

function AttachmentRow({ item, onRemove, onRetry, disabled }: { item: Attachment; onRemove: () => void; onRetry: () => void; disabled?: boolean }) {
  const name = displayFileName(item.file.name);
  const percent = Math.round(item.progress * 100);
  const label = item.status === 'done' ? 'Uploaded' : item.status === 'failed' ? 'Failed' : `Uploading… ${percent}%`;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="attachment-row">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap" miw={0}>
            {item.status === 'done' ? (
              <IconCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />
            ) : item.status === 'failed' ? (
              <IconAlertCircle size={16} color="var(--mantine-color-red-7)" aria-hidden />
            ) : (
              <IconPaperclip size={16} aria-hidden />
            )}
            <Text size="sm" fw={500} truncate="end" title={name}>
              {name}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatBytes(item.file.size)}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Text size="xs" c={item.status === 'failed' ? 'red.8' : 'dimmed'} aria-live="polite">
              {label}
            </Text>
            {item.status === 'failed' && (
              <ActionIcon variant="subtle" onClick={onRetry} aria-label={`Retry uploading ${name}`} disabled={disabled}>
                <IconRefresh size={16} />
              </ActionIcon>
            )}
            <ActionIcon variant="subtle" color="gray" onClick={onRemove} aria-label={`Remove ${name}`} disabled={disabled}>
              <IconX size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <Progress
          value={item.status === 'failed' ? 100 : percent}
          color={item.status === 'failed' ? 'red' : item.status === 'done' ? 'green' : 'brand'}
          size="sm"
          aria-label={`Upload progress of ${name}`}
          animated={item.status === 'uploading'}
        />
        {item.error && (
          <Text size="xs" c="red" role="alert">
            {item.error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

const ATTACHMENT_LIMITS: FileLimits = {
  accept: EVIDENCE_ACCEPT,
  hint: `${EVIDENCE_EXTENSIONS.map((ext) => `.${ext}`).join(' ')} · up to ${EVIDENCE_MAX_BYTES / 1024 / 1024} MB each · at most ${EVIDENCE_MAX_FILES} files`,
  maxFiles: EVIDENCE_MAX_FILES,
};

/** Optional attachments (spec §2): chosen files upload at once, each with its own progress bar. */
export function AttachmentField({ items, rejected, disabled, onAdd, onRemove, onRetry }: AttachmentFieldProps) {
  return (
    <Stack gap="xs">
      <FilePicker
        mode="add"
        label="Attachments (optional)"
        buttonLabel="Add files"
        limits={ATTACHMENT_LIMITS}
        count={items.length}
        onAdd={onAdd}
        disabled={disabled}
        icon={<IconPaperclip size={16} aria-hidden />}
        error={
          rejected.length > 0 && (
            <Stack gap={2}>
              {rejected.map((message) => (
                <Text key={message} size="sm">
                  {message}
                </Text>
              ))}
            </Stack>
          )
        }
      />
      {items.map((item) => (
        <AttachmentRow key={item.id} item={item} disabled={disabled} onRemove={() => onRemove(item.id)} onRetry={() => onRetry(item.id)} />
      ))}
    </Stack>
  );
}
