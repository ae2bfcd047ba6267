import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { resolutionRequestSchema, type Statement } from '@shared/api/remittances';
import { useResolveDifference } from '../api/remittances';
import { differenceLine } from './statement-words';

/** Either side's admin resolves a difference between what arrived and the statement, with a note kept beside it. */
export function ResolveModal({ statement, onClose, onResolved }: { statement: Statement | null; onClose: () => void; onResolved: (message: string) => void }) {
  const resolve = useResolveDifference();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    if (resolve.isPending) return;
    setNote('');
    setError(undefined);
    resolve.reset();
    onClose();
  };
  const submit = () => {
    if (!statement) return;
    const parsed = resolutionRequestSchema.safeParse({ note });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    resolve.mutate({ number: statement.statement_number, note: parsed.data.note }, { onSuccess: (answer) => (close(), onResolved(answer.message)) });
  };
  return (
    <Modal opened={statement !== null} onClose={close} title={<Text fw={600}>Resolve the difference</Text>} centered>
      {statement && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">{`${statement.statement_number}: ${differenceLine(statement)}. Say how it was settled; both sides see the note.`}</Text>
          <Textarea
            label="Note"
            placeholder="e.g. ZMW 29.50 withheld as bank charges, agreed with the payroll authority."
            required
            autosize
            minRows={3}
            maxLength={1000}
            value={note}
            onChange={(e) => (setNote(e.currentTarget.value), setError(undefined))}
            error={error}
            data-autofocus
          />
          {resolve.error && <ErrorAlert error={resolve.error} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={resolve.isPending}>
              Cancel
            </Button>
            <Button onClick={submit} loading={resolve.isPending}>
              Resolve difference
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
