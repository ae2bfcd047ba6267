import { Button, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { DISPUTE_MESSAGES, DISPUTE_TEXT_MAX, type DisputeDecision, type DisputeView } from '@shared/api/disputes';
import { useAddEvidence, useDecide, useRespond } from '../api/disputes';
import { EvidenceInput, evidenceProblem } from './evidence-input';

/** The lender's admins answer an open dispute with a message and, if they have it, evidence. */
export function RespondForm({ dispute }: { dispute: DisputeView }) {
  const respond = useRespond();
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [missing, setMissing] = useState(false);
  const send = () => {
    if (!message.trim()) return setMissing(true);
    if (evidenceProblem(files)) return;
    respond.mutate({ id: dispute.id, message: message.trim(), files }, { onSuccess: () => (setMessage(''), setFiles([])) });
  };
  return (
    <Stack gap="sm" component="section" aria-label="Respond">
      <Textarea
        label="Your response"
        description="What your records show: the loan agreement, who signed it, when it was disbursed."
        required
        autosize
        minRows={3}
        maxLength={DISPUTE_TEXT_MAX}
        value={message}
        onChange={(e) => (setMessage(e.currentTarget.value), setMissing(false))}
        error={missing ? DISPUTE_MESSAGES.message : undefined}
      />
      <EvidenceInput files={files} onChange={setFiles} disabled={respond.isPending} />
      {respond.error && <ErrorAlert error={respond.error} />}
      <Group justify="flex-end">
        <Button onClick={send} loading={respond.isPending}>
          Send response
        </Button>
      </Group>
    </Stack>
  );
}

/** Compliance or a platform admin upholds or dismisses, with a note. A decision landed first shows as a conflict. */
export function DecideForm({ dispute }: { dispute: DisputeView }) {
  const decide = useDecide();
  const [decision, setDecision] = useState<DisputeDecision>('upheld');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const send = () => {
    if (!note.trim()) return setMissing(true);
    decide.mutate({ id: dispute.id, decision, note: note.trim() });
  };
  return (
    <Stack gap="sm" component="section" aria-label="Decide">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="decision-label">
          Decision
        </Text>
        <SegmentedControl
          aria-labelledby="decision-label"
          value={decision}
          onChange={(v) => setDecision(v as DisputeDecision)}
          data={[
            { value: 'upheld', label: 'Uphold: the borrower did not take this loan' },
            { value: 'dismissed', label: 'Dismiss' },
          ]}
        />
      </Stack>
      <Textarea
        label="Note"
        description="Why: it stays on the dispute and in the audit log."
        required
        autosize
        minRows={2}
        maxLength={DISPUTE_TEXT_MAX}
        value={note}
        onChange={(e) => (setNote(e.currentTarget.value), setMissing(false))}
        error={missing ? DISPUTE_MESSAGES.note : undefined}
      />
      {decide.error && <ErrorAlert error={decide.error} />}
      <Group justify="flex-end">
        <Button color={decision === 'upheld' ? 'red' : 'gray'} onClick={send} loading={decide.isPending}>
          {decision === 'upheld' ? 'Uphold dispute' : 'Dismiss dispute'}
        </Button>
      </Group>
    </Stack>
  );
}

/** More evidence while the dispute is not decided, from either side. */
export function AddEvidence({ dispute }: { dispute: DisputeView }) {
  const add = useAddEvidence();
  const [files, setFiles] = useState<File[]>([]);
  return (
    <Stack gap="sm" mt="sm">
      <EvidenceInput label="Add evidence (PDF)" files={files} onChange={setFiles} disabled={add.isPending} />
      {add.error && <ErrorAlert error={add.error} />}
      <Group justify="flex-end">
        <Button
          variant="default"
          disabled={!files.length || evidenceProblem(files) !== null}
          loading={add.isPending}
          onClick={() => add.mutate({ id: dispute.id, files }, { onSuccess: () => setFiles([]) })}
        >
          Upload evidence
        </Button>
      </Group>
    </Stack>
  );
}
