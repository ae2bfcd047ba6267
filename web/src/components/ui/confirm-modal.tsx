import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  busy?: boolean;
  error?: unknown;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A question before a change that cannot be taken back with one click. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  color = 'red',
  busy = false,
  error = null,
  confirmDisabled = false,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={busy ? () => {} : onClose} title={<Text fw={600}>{title}</Text>} centered>
      <Stack gap="md">
        {children}
        {error !== null && error !== undefined && <ErrorAlert error={error} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color={color} onClick={onConfirm} loading={busy} disabled={confirmDisabled}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
