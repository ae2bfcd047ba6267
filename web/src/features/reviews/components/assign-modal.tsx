import { Autocomplete, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { REVIEW_MESSAGES, type SubmissionListItem } from '@shared/api/reviews';
import { usePmecAdmins } from '../api/submissions';

export interface AssignModalProps {
  item: SubmissionListItem | null;
  busy: boolean;
  error: unknown;
  onAssign: (email: string) => void;
  onClose: () => void;
}

/** Spec part 2 §4–§5: assign a COMPLIANCE APPROVED submission to a PMEC admin, picked from the list or typed. */
export function AssignModal({ item, busy, error, onAssign, onClose }: AssignModalProps) {
  const admins = usePmecAdmins(item !== null);
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (item) {
      setEmail(item.assigned_to_email ?? '');
      setMissing(false);
    }
  }, [item]);
  const confirm = () => {
    if (!email.trim()) return setMissing(true);
    onAssign(email.trim());
  };
  const options = admins.data?.items.map((a) => a.email) ?? [];
  return (
    <ConfirmModal
      opened={item !== null}
      title="Assign to a PMEC admin"
      confirmLabel="Assign"
      color="blue"
      busy={busy}
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    >
      {item && (
        <Text size="sm">
          {item.org_name ?? item.payee_key} · {item.doc_kind} · {item.upload_month}
          {item.assigned_to_email && (
            <>
              {' '}
              — now assigned to <strong>{item.assigned_to_email}</strong>
            </>
          )}
        </Text>
      )}
      <Autocomplete
        label="PMEC admin email"
        placeholder={admins.isPending ? 'Loading PMEC admins…' : 'Pick or type an email'}
        description={
          admins.isError
            ? 'The list of PMEC admins could not be loaded; you can still type an email.'
            : `${options.length} PMEC admin${options.length === 1 ? '' : 's'} on the platform.`
        }
        data={options}
        value={email}
        onChange={(value) => {
          setEmail(value);
          setMissing(false);
        }}
        error={missing ? REVIEW_MESSAGES.pmecEmailRequired : undefined}
        required
        limit={8}
        maxDropdownHeight={240}
        comboboxProps={{ withinPortal: true }}
      />
    </ConfirmModal>
  );
}
