import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatZmw } from '@/lib/format';
import { receiptRequestSchema, type Statement } from '@shared/api/remittances';
import { useRecordReceipt } from '../api/remittances';

type Field = 'amount' | 'received_on';

/** The lender's FI Admin records what arrived for a statement: the amount in ZMW and the day it reached the account. */
export function ReceiptModal({ statement, onClose, onRecorded }: { statement: Statement | null; onClose: () => void; onRecorded: (message: string) => void }) {
  const record = useRecordReceipt();
  const [values, setValues] = useState<Record<Field, string>>({ amount: '', received_on: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((x) => ({ ...x, [field]: undefined }));
  };
  const close = () => {
    if (record.isPending) return;
    setValues({ amount: '', received_on: '' });
    setErrors({});
    record.reset();
    onClose();
  };
  const submit = () => {
    if (!statement) return;
    const amount = values.amount.trim() === '' ? undefined : Number(values.amount.replace(/,/g, ''));
    const parsed = receiptRequestSchema.safeParse({ amount, received_on: values.received_on });
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message])));
    record.mutate({ number: statement.statement_number, body: parsed.data }, { onSuccess: (answer) => (close(), onRecorded(answer.message)) });
  };
  return (
    <Modal opened={statement !== null} onClose={close} title={<Text fw={600}>Record what arrived</Text>} centered>
      {statement && (
        <Stack gap="md">
          <Text
            size="sm"
            c="dimmed"
          >{`Statement ${statement.statement_number} says ${formatZmw(statement.total)} was remitted. Enter what reached your account.`}</Text>
          <TextInput
            label="Amount received (ZMW)"
            placeholder="e.g. 675.00"
            inputMode="decimal"
            required
            value={values.amount}
            onChange={set('amount')}
            error={errors.amount}
            data-autofocus
          />
          <TextInput label="Day it arrived" type="date" required value={values.received_on} onChange={set('received_on')} error={errors.received_on} />
          {record.error && <ErrorAlert error={record.error} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={record.isPending}>
              Cancel
            </Button>
            <Button onClick={submit} loading={record.isPending}>
              Record receipt
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
