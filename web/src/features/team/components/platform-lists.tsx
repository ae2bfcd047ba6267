import { Badge, Button, Card, Collapse, Group, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import type { TeamResponse } from '@shared/api/team';
import { ROLE_LABELS, type Role } from '@shared/roles';
import { useTeamPlatformAdmins } from '../api/team';
import { PlatformAdminsList } from './platform-admins-list';

function Collapsible({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={title}>
      <Button
        variant="subtle"
        color="gray"
        c="var(--mantine-color-text)"
        fw={600}
        justify="flex-start"
        px={4}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={id}
        leftSection={open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
      >
        {title}{count !== undefined ? ` (${count})` : ''}
      </Button>
      <Collapse expanded={open} id={id}>
        <Stack gap="sm" pt="sm">{children}</Stack>
      </Collapse>
    </Card>
  );
}

/** Spec §2: platform admins also see the collapsible Platform Admins and Effective Roles lists. */
export function PlatformLists({ team, roles }: { team: TeamResponse | undefined; roles: readonly Role[] }) {
  const admins = useTeamPlatformAdmins(true);
  const effective = team?.effective_roles ?? [];
  return (
    <Stack gap="md">
      <Collapsible title="Platform Admins" count={admins.data?.items.length}>
        <PlatformAdminsList roles={roles} />
      </Collapsible>
      <Collapsible title="Effective Roles" count={team ? effective.length : undefined}>
        <Text size="sm" c="dimmed">The roles each member of this organisation holds right now, across the platform.</Text>
        {!team ? (
          <Text size="sm" c="dimmed">Load an organisation to see its members' roles.</Text>
        ) : effective.length === 0 ? (
          <Text size="sm" c="dimmed">No members.</Text>
        ) : (
          <Table verticalSpacing="xs">
            <Table.Thead><Table.Tr><Table.Th>Email</Table.Th><Table.Th>Roles</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {effective.map((e) => (
                <Table.Tr key={e.user_id}>
                  <Table.Td>{e.email}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {e.roles.length ? e.roles.map((r) => <Badge key={r} variant="light" tt="none">{ROLE_LABELS[r]}</Badge>) : <Text size="sm" c="dimmed">None yet</Text>}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Collapsible>
    </Stack>
  );
}
