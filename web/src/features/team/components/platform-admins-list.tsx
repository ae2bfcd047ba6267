import { Alert, Button, Group, Loader, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconUserPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { isValidEmail, PLATFORM_ADMIN_MESSAGES, platformAdminErrorText, type PlatformAdminItem, platformRolesGrantableBy } from '@shared/api/admin';
import { ROLE_LABELS, type Role } from '@shared/roles';
import { useTeamAddPlatformAdmin, useTeamPlatformAdmins, useTeamRemovePlatformAdmin } from '../api/team';
import { formatDay } from '../utils/format';
import { TeamErrorAlert } from './team-error-alert';

function PlatformAdminError({ error }: { error: unknown }) {
  return <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">{platformAdminErrorText(error)}</Alert>;
}

/**
 * The team screen's Platform Admins list (spec §2, §6, §7): super_admin adds super_admin or
 * sys_admin and removes either; sys_admin adds sys_admin. The server refuses the last super_admin.
 */
export function PlatformAdminsList({ roles }: { roles: readonly Role[] }) {
  const admins = useTeamPlatformAdmins(true);
  const add = useTeamAddPlatformAdmin();
  const remove = useTeamRemovePlatformAdmin();
  const grantable = platformRolesGrantableBy(roles);
  const canRemove = roles.includes('super_admin');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string | null>(grantable.length === 1 ? grantable[0]! : null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [target, setTarget] = useState<PlatformAdminItem | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const value = email.trim().toLowerCase();
    if (!isValidEmail(value)) return setProblem(PLATFORM_ADMIN_MESSAGES.invalid_email);
    if (!role) return setProblem(PLATFORM_ADMIN_MESSAGES.role_required);
    setProblem(null);
    add.mutate({ email: value, role }, { onSuccess: (answer) => { setDone(answer.message); setEmail(''); } });
  };
  const confirmRemove = () =>
    target && remove.mutate({ userId: target.user_id, role: target.role }, { onSuccess: (answer) => { setDone(answer.message); setTarget(null); } });
  const close = () => { if (!remove.isPending) setTarget(null); };

  return (
    <Stack gap="sm">
      <form onSubmit={submit} noValidate aria-label="Add a platform admin">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput label="Email" placeholder="name@bank.zm" value={email} onChange={(e) => setEmail(e.currentTarget.value)} w={{ base: '100%', sm: 300 }} autoComplete="off" />
          <Select
            label="Platform role"
            placeholder="Select a role"
            data={grantable.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
            value={role}
            onChange={setRole}
            w={{ base: '100%', sm: 200 }}
            allowDeselect={false}
          />
          <Button type="submit" variant="light" mt={{ base: 0, sm: 25 }} loading={add.isPending} leftSection={<IconUserPlus size={16} aria-hidden />}>
            Add platform admin
          </Button>
        </Group>
      </form>
      {problem && <Alert color="red" variant="light" role="alert">{problem}</Alert>}
      {add.error && <PlatformAdminError error={add.error} />}
      {done && (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status" withCloseButton onClose={() => setDone(null)}>{done}</Alert>
      )}
      {admins.error && <TeamErrorAlert error={admins.error} />}
      {admins.isPending ? (
        <Group gap="xs" role="status"><Loader size="xs" /><Text size="sm" c="dimmed">Loading platform admins…</Text></Group>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr><Table.Th>Email</Table.Th><Table.Th>Role</Table.Th><Table.Th>Organisation</Table.Th><Table.Th>Added</Table.Th>{canRemove && <Table.Th>Action</Table.Th>}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(admins.data?.items ?? []).map((a) => (
                <Table.Tr key={`${a.user_id}-${a.role}`} data-testid="team-platform-admin-row">
                  <Table.Td>{a.email}</Table.Td>
                  <Table.Td>{ROLE_LABELS[a.role]}</Table.Td>
                  <Table.Td>{a.org_name || 'GLOBAL'}</Table.Td>
                  <Table.Td>{formatDay(a.created_at)}</Table.Td>
                  {canRemove && (
                    <Table.Td>
                      <Button size="xs" variant="light" color="red" onClick={() => { remove.reset(); setTarget(a); }} aria-label={`Remove ${ROLE_LABELS[a.role]} from ${a.email}`}>
                        Remove
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={target !== null} onClose={close} title={<Text fw={600}>Remove platform role</Text>} centered>
        <Stack gap="md">
          <Text>
            Remove the <strong>{target ? ROLE_LABELS[target.role] : ''}</strong> role from <strong>{target?.email}</strong>? They lose it when their session next renews (within an hour).
          </Text>
          {remove.error && <PlatformAdminError error={remove.error} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={remove.isPending}>Cancel</Button>
            <Button color="red" onClick={confirmRemove} loading={remove.isPending}>Remove role</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
