import { Alert, Anchor, Badge, Button, Group, Loader, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatDate, formatDateTime, kindLabel } from '@/lib/format';
import { type AuthUserDetails, CONFIRMATIONS_RECORDED_FROM, type UserLinksResponse } from '@shared/api/admin';
import { useDeleteAuthUser, useUserLinks } from '../api/user-links';
import { roleLabel } from '../utils/role-label';

function Detail({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-all' }} data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

/** When the account was confirmed; accounts confirmed before such times were recorded say so. */
function confirmedText(user: AuthUserDetails): string {
  if (user.email_confirmed_at) return formatDateTime(user.email_confirmed_at);
  if (!user.confirmed) return 'Not yet confirmed';
  if (user.created_at && user.created_at < CONFIRMATIONS_RECORDED_FROM)
    return `Before ${formatDate(CONFIRMATIONS_RECORDED_FROM.slice(0, 10))} (not recorded then)`;
  return 'Confirmed, time not recorded';
}

function AuthUserCard({ user }: { user: AuthUserDetails | null }) {
  if (!user)
    return (
      <Alert color="gray" variant="light">
        There is no account (auth user) with this email.
      </Alert>
    );
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <Detail label="User ID">{user.id}</Detail>
      <Detail label="Status">
        {user.status}
        {user.enabled ? '' : ' (disabled)'}
      </Detail>
      <Detail label="Created">{formatDateTime(user.created_at)}</Detail>
      <Detail label="Confirmed" testId="auth-user-confirmed">
        {confirmedText(user)}
      </Detail>
      <Detail label="Last sign-in">{user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : 'No sign-in recorded yet'}</Detail>
      <Detail label="Identities">{user.identities_count}</Detail>
      <Detail label="Factors">{user.factors_count}</Detail>
    </SimpleGrid>
  );
}

function LinkTable({ title, headers, rows }: { title: string; headers: string[]; rows: ReactNode[][] }) {
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Title order={3} size="h6">
        {title} ({rows.length})
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing={4} fz="sm" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                {headers.map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((cells, i) => (
                <Table.Tr key={i}>
                  {cells.map((c, j) => (
                    <Table.Td key={j}>{c}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function Links({ data }: { data: UserLinksResponse }) {
  const { links } = data;
  return (
    <Stack gap="md">
      <LinkTable
        title="Memberships (org_members)"
        headers={['Organisation', 'Org ID', 'Role', 'Status', 'Decided']}
        rows={links.org_members.map((m) => [
          m.org_name,
          <Anchor key="o" component={Link} to={`/team?org_id=${m.org_id}`} size="sm">
            {m.org_id}
          </Anchor>,
          roleLabel(m.role),
          m.status,
          formatDateTime(m.decided_at),
        ])}
      />
      <LinkTable
        title="Access requests"
        headers={['Submitted', 'Organisation', 'Client', 'Payee Key', 'Status']}
        rows={links.access_requests.map((r) => [formatDateTime(r.created_at), r.org_name, kindLabel(r.client_type), r.payee_key ?? '—', r.status])}
      />
      <LinkTable
        title="Platform-admin records (admin_users)"
        headers={['Role', 'Since']}
        rows={links.admin_users.map((a) => [roleLabel(a.role), formatDateTime(a.created_at)])}
      />
      <LinkTable
        title="Role grants (user_roles)"
        headers={['Role']}
        rows={links.user_roles.map((r) => [
          <Badge key="r" variant="light" tt="none">
            {roleLabel(r.role_id)}
          </Badge>,
        ])}
      />
    </Stack>
  );
}

/** Spec §2 "User Inspector": the auth user and its four linked tables; delete only with no links. */
export function UserInspector({ email, onClose }: { email: string | null; onClose: () => void }) {
  const links = useUserLinks(email);
  const remove = useDeleteAuthUser();
  const [deleted, setDeleted] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const data = links.data;
  // Removed, rejected and declined rows are history: only the links that still hold something block.
  const canDelete = Boolean(data?.auth_user) && data?.blocking_links === 0;
  const close = () => {
    setDeleted(null);
    setConfirming(false);
    remove.reset();
    onClose();
  };
  const deleteUser = () => {
    if (!confirming) return setConfirming(true);
    if (email)
      remove.mutate(email, {
        onSuccess: (answer) => {
          setDeleted(answer.message);
          setConfirming(false);
        },
      });
  };

  return (
    <Modal opened={email !== null} onClose={close} size="xl" title={<Text fw={600}>User Inspector · {email}</Text>} centered>
      <Stack gap="lg">
        {links.error && <ErrorAlert error={links.error} />}
        {links.isPending && email ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text c="dimmed">Looking up {email}…</Text>
          </Group>
        ) : data ? (
          <>
            <AuthUserCard user={data.auth_user} />
            <Links data={data} />
          </>
        ) : null}
        {deleted && (
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            {deleted}
          </Alert>
        )}
        {remove.error && <ErrorAlert error={remove.error} />}
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" maw={460}>
            {canDelete
              ? 'This account has no live links left (removed and rejected rows are history) and can be deleted.'
              : data?.auth_user
                ? 'The account can be deleted only once it has no live memberships, pending requests or roles.'
                : ''}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button color="red" leftSection={<IconTrash size={16} aria-hidden />} disabled={!canDelete} loading={remove.isPending} onClick={deleteUser}>
              {confirming ? 'Confirm: delete permanently' : 'Delete auth user'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
