import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { DISPUTE_TEXT_MAX, openDisputeRequestSchema } from '@shared/api/disputes';
import { useOpenDispute } from '../api/disputes';
import { EvidenceInput, evidenceProblem } from './evidence-input';

type Field = 'nrc' | 'payee_key' | 'month' | 'reason';
const EMPTY: Record<Field, string> = { nrc: '', payee_key: '', month: '', reason: '' };

/** Compliance, PMEC admins and platform admins open a dispute on a deduction named on a payslip. */
export function OpenDisputeModal({ opened, onClose, onOpened }: { opened: boolean; onClose: () => void; onOpened: (id: string) => void }) {
  const open = useOpenDispute();
  const [values, setValues] = useState(EMPTY);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((x) => ({ ...x, [field]: undefined }));
  };
  const close = () => {
    if (open.isPending) return;
    setValues(EMPTY);
    setFiles([]);
    setErrors({});
    open.reset();
    onClose();
  };
  const submit = () => {
    const parsed = openDisputeRequestSchema.safeParse(values);
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message])));
    if (evidenceProblem(files)) return;
    open.mutate({ body: parsed.data, files }, { onSuccess: (answer) => (close(), onOpened(answer.id)) });
  };
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={600}>Open a dispute</Text>} centered size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Record an employee’s report that a deduction on their payslip is for a loan they never took. The lender’s admins are asked to respond.
        </Text>
        <Group grow align="flex-start">
          <TextInput label="NRC" placeholder="123456/78/9" required value={values.nrc} onChange={set('nrc')} error={errors.nrc} data-autofocus />
          <TextInput label="Payee key" placeholder="e.g. 1234" required value={values.payee_key} onChange={set('payee_key')} error={errors.payee_key} />
          <TextInput label="Month" type="month" required value={values.month} onChange={set('month')} error={errors.month} />
        </Group>
        <Textarea
          label="Reason"
          placeholder="What the employee reported"
          required
          autosize
          minRows={3}
          maxLength={DISPUTE_TEXT_MAX}
          value={values.reason}
          onChange={set('reason')}
          error={errors.reason}
        />
        <EvidenceInput files={files} onChange={setFiles} disabled={open.isPending} />
        {open.error && <ErrorAlert error={open.error} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={open.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={open.isPending}>
            Open dispute
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
