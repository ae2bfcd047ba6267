import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck, IconRefresh, IconUserPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { isValidEmail, PLATFORM_ADMIN_MESSAGES, type PlatformAdminItem } from '@shared/api/admin';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { useAddPlatformAdmin, usePlatformAdmins, useRemovePlatformAdmin } from '../api/platform-admins';
import { formatDateTime, roleLabel } from '../utils/format';
import { ConfirmModal } from '@/components/ui/confirm-modal';

/** Spec part 2 §2 "Platform Admins" (/admin/users): adds and removes SYS_ADMIN only. */
export function PlatformAdminsPanel({ title }: { title: string }) {
  const admins = usePlatformAdmins();
  const add = useAddPlatformAdmin();
  const remove = useRemovePlatformAdmin();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PlatformAdminItem | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const value = email.trim().toLowerCase();
    if (!isValidEmail(value)) return setEmailError(PLATFORM_ADMIN_MESSAGES.invalid_email);
    setEmailError(null);
    add.mutate({ email: value, role: 'sys_admin' }, { onSuccess: (answer) => { setDone(answer.message); setEmail(''); } });
  };

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(
      { userId: removing.user_id, role: removing.role },
      { onSuccess: (answer) => { setDone(answer.message); setRemoving(null); } },
    );
  };

  const items = admins.data?.items ?? [];
  return (
    <Stack gap="xl">
      <PageHeader
        title={title}
        description="Add and remove system administrators (SYS_ADMIN). The last super admin can never be removed."
        actions={
          <Button variant="default" leftSection={admins.isFetching ? <Loader size={14} /> : <IconRefresh size={16} aria-hidden />} onClick={() => void admins.refetch()} disabled={admins.isFetching}>
            Refresh
          </Button>
        }
      />

      <Card withBorder padding="lg" radius="md" component="section" aria-label="Add a system administrator">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Title order={2} size="h4">Add SYS_ADMIN</Title>
            <Text size="sm" c="dimmed">A new email receives an invitation to set a password. An existing user gets the role at their next sign-in.</Text>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label="Email"
                placeholder="name@bank.zm"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                error={emailError}
                w={{ base: '100%', sm: 360 }}
                autoComplete="off"
              />
              <Button type="submit" mt={{ base: 0, sm: 25 }} loading={add.isPending} leftSection={<IconUserPlus size={16} aria-hidden />}>
                Add SYS_ADMIN
              </Button>
            </Group>
            {add.error && <ErrorAlert error={add.error} />}
            {done && (
              <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status" withCloseButton onClose={() => setDone(null)}>
                {done}
              </Alert>
            )}
          </Stack>
        </form>
      </Card>

      <Card withBorder padding="lg" radius="md" component="section" aria-label="Platform admins">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">Platform admins</Title>
            {admins.data && (
              <Text size="sm" c="dimmed" data-testid="platform-admin-counts">
                Super admins: {admins.data.counts.super_admin} · System admins: {admins.data.counts.sys_admin}
              </Text>
            )}
          </Group>
          {admins.error && <ErrorAlert error={admins.error} />}
          {admins.isPending ? (
            <Group gap="sm" py="md" role="status"><Loader size="sm" /><Text c="dimmed">Loading platform admins…</Text></Group>
          ) : items.length === 0 ? (
            <Text c="dimmed" py="md">No platform admins found.</Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table striped highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Email</Table.Th>
                    <Table.Th>Role</Table.Th>
                    <Table.Th>Organisation</Table.Th>
                    <Table.Th>Added</Table.Th>
                    <Table.Th><Text span size="sm" fw={700}>Action</Text></Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((item) => (
                    <Table.Tr key={`${item.user_id}-${item.role}`} data-testid="platform-admin-row">
                      <Table.Td>{item.email}</Table.Td>
                      <Table.Td><Badge variant="light" color={item.role === 'super_admin' ? 'grape' : 'blue'} tt="none">{roleLabel(item.role)}</Badge></Table.Td>
                      <Table.Td>{item.org_name || 'GLOBAL'}</Table.Td>
                      <Table.Td>{formatDateTime(item.created_at)}</Table.Td>
                      <Table.Td>
                        {item.role === 'sys_admin' ? (
                          <Button size="xs" variant="light" color="red" onClick={() => { remove.reset(); setRemoving(item); }} aria-label={`Remove SYS_ADMIN from ${item.email}`}>
                            Remove
                          </Button>
                        ) : (
                          <Text size="xs" c="dimmed">Managed by super admins</Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Card>

      <ConfirmModal
        opened={removing !== null}
        title="Remove SYS_ADMIN"
        confirmLabel="Remove SYS_ADMIN"
        busy={remove.isPending}
        error={remove.error}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      >
        <Text>
          Remove the System Admin role from <strong>{removing?.email}</strong>? They lose administration access when their session next renews (within an hour).
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
