import { Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '@/lib/format';
import type { PlatformAdminItem, PlatformRole } from '@shared/api/admin';
import { roleLabel } from '../utils/role-label';

/**
 * Platform-admin invitations waiting for the person's answer: not admins, and not counted, until they
 * accept. Whoever may remove a role may withdraw an invitation to it.
 */
export function PlatformInvitations({
  items,
  withdrawable,
  onWithdraw,
  headingOrder,
}: {
  items: readonly PlatformAdminItem[];
  withdrawable: readonly PlatformRole[];
  onWithdraw: (item: PlatformAdminItem) => void;
  headingOrder: 2 | 3;
}) {
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Pending invitations">
      <Title order={headingOrder} size="h5">
        Pending invitations
      </Title>
      <Text size="sm" c="dimmed">
        Each person becomes an admin when they accept their invitation; until then they hold nothing and are not counted.
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Invited</Table.Th>
              <Table.Th>
                <Text span size="sm" fw={700}>
                  Action
                </Text>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={`${item.user_id}-${item.role}`} data-testid="platform-invitation-row">
                <Table.Td>{item.email}</Table.Td>
                <Table.Td>
                  <Badge variant="outline" color="gray" tt="none">
                    {roleLabel(item.role)}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDateTime(item.created_at)}</Table.Td>
                <Table.Td>
                  {withdrawable.includes(item.role) ? (
                    <Button size="xs" variant="light" color="red" onClick={() => onWithdraw(item)} aria-label={`Withdraw the invitation of ${item.email}`}>
                      Withdraw
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
    </Stack>
  );
}
