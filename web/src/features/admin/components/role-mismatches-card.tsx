import { Alert, Anchor, Badge, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { kindLabel } from '@/lib/format';
import type { RoleMismatch } from '@shared/api/admin';
import { useRoleMismatches } from '../api/role-mismatches';
import { roleLabel } from '../utils/role-label';

const allowed = (roles: readonly string[]) => {
  const labels = roles.map(roleLabel);
  return `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
};

function MismatchRow({ m }: { m: RoleMismatch }) {
  return (
    <Table.Tr data-testid="role-mismatch-row">
      <Table.Td>{m.email || m.user_id}</Table.Td>
      <Table.Td>{m.org_name}</Table.Td>
      <Table.Td>{kindLabel(m.client_type)}</Table.Td>
      <Table.Td>
        {roleLabel(m.role)}
        {m.status !== 'approved' && (
          <Badge ml={6} size="sm" variant="light" color="gray" tt="none">
            {m.status}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {m.client_type === 'fi' ? 'An FI' : 'A PMEC'} organisation holds {allowed(m.allowed_roles)}. Remove this membership on the team, then add the person
          again with one of those roles.
        </Text>
        <Anchor component={Link} to={`/team?org_id=${m.org_id}`} size="sm" aria-label={`Open the team of ${m.org_name} to fix ${m.email}`}>
          Open the team
        </Anchor>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Memberships whose role their organisation's kind does not hold (a lender's PMEC Admin), listed for a
 * platform admin to fix: nothing is changed for them, and meanwhile such a membership grants nothing.
 */
export function RoleMismatchesCard() {
  const mismatches = useRoleMismatches(true);
  const items = mismatches.data?.items ?? [];
  return (
    <Card withBorder padding="lg" radius="md">
      {mismatches.isPending ? (
        <Skeleton h={24} />
      ) : mismatches.error ? (
        <ErrorAlert error={mismatches.error} title="The memberships could not be checked" />
      ) : items.length === 0 ? (
        <Group gap="xs" wrap="nowrap">
          <IconCircleCheck size={20} color="var(--mantine-color-green-8)" aria-hidden />
          <Text size="sm">Every membership holds a role its organisation's kind holds.</Text>
        </Group>
      ) : (
        <Stack gap="sm">
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={`${items.length} ${items.length === 1 ? 'membership holds a role' : 'memberships hold roles'} its organisation cannot hold`}
          >
            Such a membership grants nothing until it is fixed: FI organisations hold FI Admin, Compliance and Data User; PMEC organisations PMEC Admin,
            Compliance and Data User.
          </Alert>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" fz="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  {['Person', 'Organisation', 'Kind', 'Role', 'How to fix'].map((h) => (
                    <Table.Th key={h}>{h}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((m) => (
                  <MismatchRow key={`${m.org_id}/${m.user_id}`} m={m} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Card>
  );
}
