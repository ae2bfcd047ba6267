import { Badge, Button, Card, Group, Modal, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DoneAlert } from '@/components/ui/done-alert';
import { formatDate } from '@/lib/format';
import type { TeamMember, TeamResponse } from '@shared/api/team';
import { ROLE_LABELS, type Role } from '@shared/roles';
import { useChangeRole, useRemoveMember } from '../api/team';
import { TeamErrorAlert } from './team-error-alert';

const STATUS: Record<TeamMember['status'], { label: string; color: string }> = {
  approved: { label: 'Active', color: 'green' },
  invited: { label: 'Invited', color: 'blue' },
  pending: { label: 'Pending', color: 'yellow' },
  rejected: { label: 'Rejected', color: 'gray' },
  removed: { label: 'Removed', color: 'gray' },
};

/** Spec §2 "Members table", with Remove for the members whose role the caller may grant. */
/** An expired invitation as the withdraw dialog takes it: still an invited membership. */
const expiredAsMember = (x: TeamResponse['expired_invitations'][number]): TeamMember => ({
  id: x.user_id,
  user_id: x.user_id,
  email: x.email,
  role: x.role,
  status: 'invited',
  approved: false,
  created_at: x.invited_at,
  decided_at: null,
});

export function MembersTable({
  members,
  declined = [],
  expired = [],
  orgId,
  grantable,
  selfId,
}: {
  members: readonly TeamMember[];
  declined?: TeamResponse['declined_invitations'];
  expired?: TeamResponse['expired_invitations'];
  orgId: string | null;
  grantable: readonly Role[];
  selfId: string;
}) {
  const remove = useRemoveMember();
  const changeRole = useChangeRole();
  const [target, setTarget] = useState<TeamMember | null>(null);
  const close = () => {
    if (!remove.isPending) setTarget(null);
  };
  const confirm = () => target && remove.mutate({ id: target.user_id, orgId }, { onSuccess: () => setTarget(null) });

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="Members">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Members ({members.length})
        </Title>
        {changeRole.error && <TeamErrorAlert error={changeRole.error} />}
        <DoneAlert message={changeRole.data?.message ?? null} onClose={() => changeRole.reset()} />
        {members.length === 0 ? (
          <Text c="dimmed" py="md">
            No members yet. Add the first one above.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={620}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Added</Table.Th>
                  <Table.Th>Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {members.map((m) => (
                  <Table.Tr key={m.id} data-testid="member-row">
                    <Table.Td>
                      {m.email}
                      {m.user_id === selfId && (
                        <Text span c="dimmed" size="sm">
                          {' '}
                          (you)
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {m.status === 'approved' && m.user_id !== selfId && grantable.includes(m.role) ? (
                        <NativeSelect
                          size="xs"
                          aria-label={`Role of ${m.email}`}
                          value={m.role}
                          disabled={changeRole.isPending}
                          data={grantable.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
                          onChange={(event) => changeRole.mutate({ id: m.user_id, orgId, role: event.currentTarget.value as Role })}
                        />
                      ) : (
                        ROLE_LABELS[m.role]
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATUS[m.status].color} tt="none">
                        {STATUS[m.status].label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDate(m.created_at)}</Table.Td>
                    <Table.Td>
                      {m.user_id !== selfId && grantable.includes(m.role) ? (
                        m.status === 'invited' ? (
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            onClick={() => {
                              remove.reset();
                              changeRole.reset();
                              setTarget(m);
                            }}
                            aria-label={`Withdraw the invitation of ${m.email}`}
                          >
                            Withdraw
                          </Button>
                        ) : (
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            onClick={() => {
                              remove.reset();
                              changeRole.reset();
                              setTarget(m);
                            }}
                            aria-label={`Remove ${m.email}`}
                          >
                            Remove
                          </Button>
                        )
                      ) : (
                        <Text size="xs" c="dimmed">
                          —
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {expired.length > 0 && (
          <Stack gap={4} component="section" aria-label="Expired invitations" data-testid="expired-invitations">
            <Title order={3} size="h5">
              Expired invitations
            </Title>
            {expired.map((x) => (
              <Group key={x.user_id} gap="sm" wrap="nowrap" justify="space-between">
                <Text size="sm">
                  {x.email} was invited as {ROLE_LABELS[x.role]}
                  {x.invited_at ? ` on ${formatDate(x.invited_at)}` : ''} and did not accept by {formatDate(x.expired_at)}.
                </Text>
                {grantable.includes(x.role) && (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => {
                      remove.reset();
                      changeRole.reset();
                      setTarget(expiredAsMember(x));
                    }}
                    aria-label={`Withdraw the expired invitation of ${x.email}`}
                  >
                    Withdraw
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
        {declined.length > 0 && (
          <Stack gap={4} component="section" aria-label="Declined invitations" data-testid="declined-invitations">
            <Title order={3} size="h5">
              Declined invitations
            </Title>
            {declined.map((d) => (
              <Text key={d.user_id} size="sm">
                {d.email} declined to join as {ROLE_LABELS[d.role]}
                {d.declined_at ? ` on ${formatDate(d.declined_at)}` : ''}.
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
      <Modal
        opened={target !== null}
        onClose={close}
        title={<Text fw={600}>{target?.status === 'invited' ? 'Withdraw the invitation' : 'Remove member'}</Text>}
        centered
      >
        <Stack gap="md">
          {target?.status === 'invited' ? (
            <Text>
              Withdraw the invitation of <strong>{target.email}</strong> ({ROLE_LABELS[target.role]})? They can no longer accept it.
            </Text>
          ) : (
            <Text>
              Remove <strong>{target?.email}</strong> ({target ? ROLE_LABELS[target.role] : ''}) from this organisation? They lose its access within 30 seconds
              and are signed out everywhere.
            </Text>
          )}
          {remove.error && <TeamErrorAlert error={remove.error} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={confirm} loading={remove.isPending}>
              {target?.status === 'invited' ? 'Withdraw the invitation' : 'Remove member'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
