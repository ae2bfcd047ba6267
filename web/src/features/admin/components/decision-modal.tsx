import { Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ACCESS_DECISION_MESSAGES, type AccessDecisionResponse, type AccessRequestItem } from '@shared/api/admin';
import { useDecideAccessRequest } from '../api/access-requests';
import { roleLabel } from '../utils/format';
import { ConfirmModal } from '@/components/ui/confirm-modal';

export type Decision = 'approve' | 'reject' | 'remove';

export interface PendingDecision {
  request: AccessRequestItem;
  decision: Decision;
  role: 'fi_admin' | 'pmec_admin';
}

const VERBS: Record<Decision, { title: string; confirm: string; color: string }> = {
  approve: { title: 'Approve access', confirm: 'Approve', color: 'green' },
  reject: { title: 'Reject access request', confirm: 'Reject', color: 'red' },
  remove: { title: 'Remove access request', confirm: 'Remove', color: 'red' },
};

/** Spec §4: approve with the role to grant; reject and remove need a reason. Rendered while a decision is open. */
export function DecisionModal({ pending, onClose, onDone }: { pending: PendingDecision; onClose: () => void; onDone: (answer: AccessDecisionResponse, pending: PendingDecision) => void }) {
  const decide = useDecideAccessRequest();
  const [note, setNote] = useState('');
  // Spec §7 /admin-approve carries org_name: the name of an organisation the approval creates.
  const [orgName, setOrgName] = useState(pending.request.org_name);
  const [noteError, setNoteError] = useState<string | null>(null);
  const close = () => onClose();
  const { request, decision, role } = pending;
  const verb = VERBS[decision];
  const needsReason = decision !== 'approve';

  const confirm = () => {
    if (needsReason && !note.trim()) return setNoteError(ACCESS_DECISION_MESSAGES.reasonRequired);
    setNoteError(null);
    decide.mutate(
      {
        id: request.id,
        body: { decision, role: decision === 'approve' ? role : undefined, note: note.trim() || undefined, org_name: decision === 'approve' ? orgName.trim() || undefined : undefined },
      },
      { onSuccess: (answer) => { onDone(answer, pending); close(); } },
    );
  };

  return (
    <ConfirmModal opened title={verb.title} confirmLabel={verb.confirm} color={verb.color} busy={decide.isPending} error={decide.error} onConfirm={confirm} onClose={close}>
      <Stack gap="sm">
        {decision === 'approve' && (
          <Text>
            Approve <strong>{request.email}</strong> as <strong>{roleLabel(role)}</strong>{request.payee_key ? <> for payee key <strong>{request.payee_key}</strong></> : null}? The organisation is created if it does not exist yet, and they get in at their next Refresh status.
          </Text>
        )}
        {decision === 'approve' && (
          <TextInput
            label="Organisation name"
            description={request.payee_key ? `Used when the organisation is created. If one already exists for payee key ${request.payee_key}, they join it and it keeps its name.` : `Used when the organisation is created. If one already exists for “${request.org_name}”, they join it and it keeps its name.`}
            placeholder={request.payee_key ?? request.email}
            value={orgName}
            onChange={(e) => setOrgName(e.currentTarget.value)}
            maxLength={200}
          />
        )}
        {decision === 'reject' && <Text>Reject the request of <strong>{request.email}</strong>? They stay on the waiting screen. The reason is kept with the request and in the audit log.</Text>}
        {decision === 'remove' && (
          <Text>Remove the request of <strong>{request.email}</strong> with its documents? Their account is deleted too, unless it has other links — then the User Inspector opens.</Text>
        )}
        <Textarea
          label={needsReason ? 'Reason' : 'Note (optional)'}
          withAsterisk={needsReason}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={noteError}
          autosize
          minRows={2}
          maxLength={2000}
          data-autofocus
        />
      </Stack>
    </ConfirmModal>
  );
}
