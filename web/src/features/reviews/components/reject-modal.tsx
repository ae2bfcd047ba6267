import { Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { REVIEW_MESSAGES } from '@shared/api/reviews';

export interface RejectModalProps {
  /** What is being rejected ('Alpha Bank inputs 2026-03', '3 submissions'); null when closed. */
  subject: string | null;
  busy: boolean;
  error: unknown;
  onReject: (reason: string) => void;
  onClose: () => void;
}

/** Spec part 2 §5: "Rejection requires a reason." The reason is kept with the submission and in the audit log. */
export function RejectModal({ subject, busy, error, onReject, onClose }: RejectModalProps) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (subject !== null) {
      setReason('');
      setMissing(false);
    }
  }, [subject]);
  const confirm = () => {
    if (!reason.trim()) return setMissing(true);
    onReject(reason.trim());
  };
  return (
    <ConfirmModal opened={subject !== null} title="Reject submission" confirmLabel="Reject" busy={busy} error={error} onConfirm={confirm} onClose={onClose}>
      <Text size="sm">
        Reject <strong>{subject}</strong>? The submitter sees the status REJECTED with your reason.
      </Text>
      <Textarea
        label="Reason"
        placeholder="What is wrong, and what the lender should send instead"
        required
        autosize
        minRows={3}
        maxLength={2000}
        value={reason}
        onChange={(e) => {
          setReason(e.currentTarget.value);
          setMissing(false);
        }}
        error={missing ? REVIEW_MESSAGES.reasonRequired : undefined}
        data-autofocus
      />
    </ConfirmModal>
  );
}
