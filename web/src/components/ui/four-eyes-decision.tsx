import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ConfirmModal } from './confirm-modal';

export type FourEyesChoice = 'approve' | 'reject';

export interface FourEyesDecisionProps {
  /** What is decided, as the buttons and the questions name it: "register", "replacement". */
  subject: string;
  /** The decision's request is under way, or failed (shown in the confirmation, which stays open). */
  busy: boolean;
  error: unknown;
  /** Sends the decision with the note (none when left empty); `done` closes the confirmation once it is taken. */
  onDecide: (decision: FourEyesChoice, note: string | undefined, done: () => void) => void;
  /** Forgets a failed request's error when the confirmation is closed. */
  onReset: () => void;
  /** What the decision does, asked before it is sent. */
  consequence: (decision: FourEyesChoice) => ReactNode;
}

/**
 * The second admin's decision on a proposal under four eyes (a payroll register, a month's applied file): an optional
 * note kept with the decision in the audit log, then Approve or Reject, each confirmed with what it does.
 */
export function FourEyesDecision({ subject, busy, error, onDecide, onReset, consequence }: FourEyesDecisionProps) {
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState<FourEyesChoice | null>(null);
  return (
    <Stack gap="sm">
      <Textarea
        label="Note (optional)"
        description="Kept with your decision in the audit log."
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        maxLength={500}
        autosize
        minRows={2}
      />
      <Group gap="sm">
        <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={() => setConfirming('approve')}>
          Approve {subject}
        </Button>
        <Button variant="light" color="red" leftSection={<IconX size={16} aria-hidden />} onClick={() => setConfirming('reject')}>
          Reject {subject}
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming !== null}
        title={`${confirming === 'reject' ? 'Reject' : 'Approve'} this ${subject}?`}
        confirmLabel={confirming === 'reject' ? 'Reject' : 'Approve'}
        color={confirming === 'reject' ? 'red' : 'blue'}
        busy={busy}
        error={error}
        onConfirm={() => confirming && onDecide(confirming, note.trim() || undefined, () => setConfirming(null))}
        onClose={() => {
          onReset();
          setConfirming(null);
        }}
      >
        <Text size="sm">{confirming && consequence(confirming)}</Text>
      </ConfirmModal>
    </Stack>
  );
}
