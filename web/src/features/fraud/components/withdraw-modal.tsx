import { Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { useFormSync } from '@/lib/use-form-sync';
import { FRAUD_MESSAGES, type FraudReportItem, WITHDRAW_REASON_MAX } from '@shared/api/fraud';
import { useWithdrawReport } from '../api/withdraw-report';

/**
 * Withdraw a report with a reason. It stops flagging at once and stays in search, marked
 * withdrawn with the reason; the audit log keeps who did it.
 */
export function WithdrawModal({ item, onClose }: { item: FraudReportItem | null; onClose: () => void }) {
  const withdraw = useWithdrawReport();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  // Each report opened starts with an empty reason and no earlier answer.
  const emptied = {
    setValues: () => {
      setReason('');
      setMissing(false);
      withdraw.reset();
    },
  };
  useFormSync(emptied, item?.id);
  const confirm = () => {
    if (!item) return;
    if (!reason.trim()) return setMissing(true);
    withdraw.mutate({ id: item.id, reason: reason.trim() }, { onSuccess: onClose });
  };
  return (
    <ConfirmModal
      opened={item !== null}
      title="Withdraw report"
      confirmLabel="Withdraw"
      busy={withdraw.isPending}
      error={withdraw.error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Text size="sm">
        Withdraw the report on <strong>{item?.nrc}</strong> ({item?.person_name})? It stops flagging this NRC in registry checks and file validation at once,
        and stays in search marked withdrawn with your reason.
      </Text>
      <Textarea
        label="Reason"
        placeholder="Why the report no longer stands, e.g. filed against the wrong NRC"
        required
        autosize
        minRows={3}
        maxLength={WITHDRAW_REASON_MAX}
        value={reason}
        onChange={(e) => {
          setReason(e.currentTarget.value);
          setMissing(false);
        }}
        error={missing ? FRAUD_MESSAGES.withdrawReason : undefined}
        data-autofocus
      />
    </ConfirmModal>
  );
}
