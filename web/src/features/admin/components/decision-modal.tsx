import { Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { ACCESS_DECISION_MESSAGES, type AccessDecisionResponse, type AccessRequestItem, type GrantRole } from '@shared/api/admin';
import { ORGANISATION_ROLES, type Role } from '@shared/roles';
import { useDecideAccessRequest } from '../api/access-requests';
import { roleLabel } from '../utils/role-label';
import { ExistingOrgChoice, type JoinChoice, NewOrgName } from './approve-fields';

export type Decision = 'approve' | 'reject' | 'remove';

export interface PendingDecision {
  request: AccessRequestItem;
  decision: Decision;
  role: GrantRole;
}

const VERBS = {
  approve: { title: 'Approve access', confirm: 'Approve', color: 'green' },
  join: { title: 'Approve access', confirm: 'Join the organisation', color: 'green' },
  reject: { title: 'Reject access request', confirm: 'Reject', color: 'red' },
  remove: { title: 'Remove access request', confirm: 'Remove', color: 'red' },
  revoke: { title: 'Revoke access', confirm: 'Revoke access', color: 'red' },
} as const;

const CHOOSE_MESSAGE = 'Choose: join the existing organisation with a role, or reject this request.';

/**
 * Spec §4: approve with the role to grant; reject and remove need a reason. Approving into an
 * organisation that exists is an explicit choice (join it with a role, or reject); a new one needs
 * its name. Remove of an approved request revokes it. Rendered while a decision is open.
 */
export function DecisionModal({
  pending,
  onClose,
  onDone,
}: {
  pending: PendingDecision;
  onClose: () => void;
  onDone: (answer: AccessDecisionResponse, pending: PendingDecision) => void;
}) {
  const decide = useDecideAccessRequest();
  const { request, role } = pending;
  const existing = pending.decision === 'approve' ? request.existing_org : null;
  const [note, setNote] = useState('');
  const [orgName, setOrgName] = useState(request.org_name);
  const [choice, setChoice] = useState<JoinChoice | null>(null);
  const [joinRole, setJoinRole] = useState<Role>(ORGANISATION_ROLES[request.client_type][0]!);
  const [error, setError] = useState<{ note?: string; orgName?: string; choice?: string }>({});
  const decision: Decision = existing && choice === 'reject' ? 'reject' : pending.decision;
  const verb = VERBS[decision === 'remove' && request.status === 'approved' ? 'revoke' : existing && choice === 'join' ? 'join' : decision];
  const needsReason = decision !== 'approve';

  const confirm = () => {
    if (existing && !choice) return setError({ choice: CHOOSE_MESSAGE });
    if (needsReason && !note.trim()) return setError({ note: ACCESS_DECISION_MESSAGES.reasonRequired });
    if (decision === 'approve' && !existing && !orgName.trim()) return setError({ orgName: ACCESS_DECISION_MESSAGES.orgNameRequired });
    setError({});
    const approve = decision === 'approve';
    const body = {
      decision,
      role: approve ? (existing ? joinRole : role) : undefined,
      note: note.trim() || undefined,
      org_name: approve && !existing ? orgName.trim() : undefined,
      join_org_id: approve && existing ? existing.org_id : undefined,
    };
    decide.mutate(
      { id: request.id, body },
      {
        onSuccess: (answer) => {
          onDone(answer, pending);
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmModal
      opened
      title={verb.title}
      confirmLabel={verb.confirm}
      color={verb.color}
      busy={decide.isPending}
      error={decide.error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Stack gap="sm">
        {pending.decision === 'approve' && !existing && (
          <>
            <Text>
              Approve <strong>{request.email}</strong> as <strong>{roleLabel(role)}</strong>
              {request.payee_key ? (
                <>
                  {' '}
                  for payee key <strong>{request.payee_key}</strong>
                </>
              ) : null}
              ? The organisation is created, and they get in at their next Refresh status.
            </Text>
            <NewOrgName request={request} value={orgName} onChange={setOrgName} error={error.orgName ?? null} />
          </>
        )}
        {existing && (
          <>
            <ExistingOrgChoice
              request={request}
              org={existing}
              choice={choice}
              onChoice={(c) => {
                setChoice(c);
                setError({});
              }}
              role={joinRole}
              onRole={setJoinRole}
            />
            {error.choice && (
              <Text size="sm" c="red.9" role="alert">
                {error.choice}
              </Text>
            )}
          </>
        )}
        {pending.decision === 'reject' && (
          <Text>
            Reject the request of <strong>{request.email}</strong>? They stay on the waiting screen. The reason is kept with the request and in the audit log.
          </Text>
        )}
        {verb === VERBS.revoke && (
          <Text>
            Revoke the access of <strong>{request.email}</strong>? Their membership is removed and they are signed out everywhere; the request stays, marked
            removed. Their account is kept.
          </Text>
        )}
        {verb === VERBS.remove && (
          <Text>
            Remove the request of <strong>{request.email}</strong> with its documents? Their account is deleted too, unless it has other links — then the User
            Inspector opens.
          </Text>
        )}
        {(!existing || choice) && (
          <Textarea
            label={needsReason ? 'Reason' : 'Note (optional)'}
            withAsterisk={needsReason}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={error.note}
            autosize
            minRows={2}
            maxLength={2000}
            data-autofocus={pending.decision !== 'approve' || Boolean(existing)}
          />
        )}
      </Stack>
    </ConfirmModal>
  );
}
