import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconUserPlus } from '@tabler/icons-react';
import { type ReactNode, Suspense, lazy, useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { DoneAlert } from '@/components/ui/done-alert';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatDateTime } from '@/lib/format';
import { addPlatformAdminFormSchema, platformAdminErrorText, type PlatformAdminItem, type PlatformRole } from '@shared/api/admin';
import { useAddPlatformAdmin, usePlatformAdmins, useRemovePlatformAdmin } from '../api/platform-admins';
import { roleLabel } from '../utils/role-label';
import { PlatformInvitations } from './platform-invitations';

const PlatformRoleSelect = lazy(() => import('./platform-role-select'));

/** 'sys_admin' → 'SYS_ADMIN', as the spec names the role on these screens. */
const code = (role: string) => role.toUpperCase();

export interface PlatformAdminsProps {
  /** The roles the form adds: SYS_ADMIN alone on /admin/users (spec §6), what the caller may grant on /team. */
  grantable: readonly PlatformRole[];
  /** The roles whose holders show a Remove button; the others are managed by super admins. */
  removable: readonly PlatformRole[];
  /** Bordered cards on a page of its own; plain sections inside the team screen's Platform Admins list. */
  framed?: boolean;
}

function Section({ framed, label, children }: { framed: boolean; label: string; children: ReactNode }) {
  if (!framed)
    return (
      <Stack gap="sm" component="section" aria-label={label}>
        {children}
      </Stack>
    );
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={label}>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

/** What was done last (added or removed), shown under the form until the next submit. */
interface Done {
  done: string | null;
  setDone: (message: string | null) => void;
}

function AddPlatformAdmin({ grantable, framed, done, setDone }: { grantable: readonly PlatformRole[]; framed: boolean } & Done) {
  const add = useAddPlatformAdmin();
  const only = grantable.length === 1 ? grantable[0]! : null;
  const form = useForm({ initialValues: { email: '', role: only ?? '' }, validate: schemaResolver(addPlatformAdminFormSchema, { sync: true }) });
  const action = only ? `Add ${code(only)}` : 'Add platform admin';
  const submit = form.onSubmit((values) => add.mutate(values, { onSuccess: (answer) => (setDone(answer.message), form.setFieldValue('email', '')) }));
  return (
    <Section framed={framed} label={only ? 'Add a system administrator' : 'Add a platform admin'}>
      <form onSubmitCapture={() => setDone(null)} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={framed ? 2 : 3} size="h4">
            {action}
          </Title>
          <Text size="sm" c="dimmed">
            The person gets an invitation by email and becomes an admin once they accept it: a new email sets a password, an existing account accepts on its
            home page.
          </Text>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Email"
              placeholder="name@bank.zm"
              w={{ base: '100%', sm: only ? 360 : 300 }}
              autoComplete="off"
              {...form.getInputProps('email')}
            />
            {!only && (
              <Suspense fallback={null}>
                <PlatformRoleSelect
                  roles={grantable}
                  {...form.getInputProps('role')}
                  value={form.values.role || null}
                  onChange={(value) => form.setFieldValue('role', value ?? '')}
                />
              </Suspense>
            )}
            <Button type="submit" mt={{ base: 0, sm: 25 }} loading={add.isPending} leftSection={<IconUserPlus size={16} aria-hidden />}>
              {action}
            </Button>
          </Group>
          {add.error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {platformAdminErrorText(add.error)}
            </Alert>
          )}
          <DoneAlert message={done} onClose={() => setDone(null)} />
        </Stack>
      </form>
    </Section>
  );
}

/**
 * The platform admins (spec part 2 §2, §6, §7) and the form that adds one, wherever they are managed:
 * /admin/users adds and removes SYS_ADMIN only; the team screen's list adds what the caller may grant,
 * and a super_admin removes either. The server refuses the last super_admin.
 */
export function PlatformAdmins({ grantable, removable, framed = false }: PlatformAdminsProps) {
  const admins = usePlatformAdmins();
  const remove = useRemovePlatformAdmin();
  const [removing, setRemoving] = useState<(PlatformAdminItem & { invitation?: boolean }) | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const items = admins.data?.items ?? [];
  const confirmRemove = () =>
    removing && remove.mutate({ userId: removing.user_id, role: removing.role }, { onSuccess: (answer) => (setDone(answer.message), setRemoving(null)) });

  return (
    <Stack gap={framed ? 'xl' : 'lg'}>
      {grantable.length > 0 && <AddPlatformAdmin grantable={grantable} framed={framed} done={done} setDone={setDone} />}
      <Section framed={framed} label="Platform admins">
        <Group justify="space-between">
          <Title order={framed ? 2 : 3} size="h4">
            Platform admins
          </Title>
          {admins.data && (
            <Text size="sm" c="dimmed" data-testid="platform-admin-counts">
              Super admins: {admins.data.counts.super_admin} · System admins: {admins.data.counts.sys_admin}
            </Text>
          )}
        </Group>
        {admins.error && <ErrorAlert error={admins.error} />}
        {admins.isPending ? (
          <Group gap="sm" py="md" role="status">
            <Loader size="sm" />
            <Text c="dimmed">Loading platform admins…</Text>
          </Group>
        ) : items.length === 0 ? (
          <Text c="dimmed" py="md">
            No platform admins found.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Organisation</Table.Th>
                  <Table.Th>Added</Table.Th>
                  <Table.Th>
                    <Text span size="sm" fw={700}>
                      Action
                    </Text>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={`${item.user_id}-${item.role}`} data-testid="platform-admin-row">
                    <Table.Td>{item.email}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={item.role === 'super_admin' ? 'grape' : 'blue'} tt="none">
                        {roleLabel(item.role)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{item.org_name || 'GLOBAL'}</Table.Td>
                    <Table.Td>{formatDateTime(item.created_at)}</Table.Td>
                    <Table.Td>
                      {removable.includes(item.role) ? (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => (remove.reset(), setRemoving(item))}
                          aria-label={`Remove ${code(item.role)} from ${item.email}`}
                        >
                          Remove
                        </Button>
                      ) : (
                        <Text size="xs" c="dimmed">
                          Managed by super admins
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <PlatformInvitations
          items={admins.data?.invitations ?? []}
          withdrawable={removable}
          onWithdraw={(item) => (remove.reset(), setRemoving({ ...item, invitation: true }))}
          headingOrder={framed ? 2 : 3}
        />
      </Section>
      <ConfirmModal
        opened={removing !== null}
        title={removing?.invitation ? 'Withdraw the invitation' : `Remove ${code(removing?.role ?? 'sys_admin')}`}
        confirmLabel={removing?.invitation ? 'Withdraw the invitation' : `Remove ${code(removing?.role ?? 'sys_admin')}`}
        busy={remove.isPending}
        error={remove.error}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      >
        {removing?.invitation ? (
          <Text>
            Withdraw the invitation of <strong>{removing.email}</strong> to {roleLabel(removing.role)}? They can no longer accept it.
          </Text>
        ) : (
          <Text>
            Remove the {roleLabel(removing?.role ?? 'sys_admin')} role from <strong>{removing?.email}</strong>? They lose administration access within 30
            seconds and are signed out.
          </Text>
        )}
      </ConfirmModal>
    </Stack>
  );
}
