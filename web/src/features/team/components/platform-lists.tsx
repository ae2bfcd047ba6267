import { Badge, Button, Card, Collapse, Group, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import type { TeamResponse } from '@shared/api/team';
import { ROLE_LABELS } from '@shared/roles';
import { usePlatformAdminCount } from '../api/team';

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
        {title}
        {count !== undefined ? ` (${count})` : ''}
      </Button>
      {/* Mounted while closed, not pre-rendered: the lists' queries keep them current, so opening shows them at once. */}
      <Collapse expanded={open} id={id} keepMountedMode="display-none">
        <Stack gap="sm" pt="sm">
          {children}
        </Stack>
      </Collapse>
    </Card>
  );
}

/**
 * Spec §2: platform admins also see the collapsible Platform Admins and Effective Roles lists. The
 * Platform Admins list is the one /admin/users shows (the admin feature's), handed in by the route.
 */
export function PlatformLists({ team, platformAdmins }: { team: TeamResponse | undefined; platformAdmins: ReactNode }) {
  const count = usePlatformAdminCount(true);
  const effective = team?.effective_roles ?? [];
  return (
    <Stack gap="md">
      <Collapsible title="Platform Admins" count={count.data}>
        {platformAdmins}
      </Collapsible>
      <Collapsible title="Effective Roles" count={team ? effective.length : undefined}>
        <Text size="sm" c="dimmed">
          The role each member holds in this organisation right now (roles held elsewhere are not listed).
        </Text>
        {!team ? (
          <Text size="sm" c="dimmed">
            Load an organisation to see its members' roles.
          </Text>
        ) : effective.length === 0 ? (
          <Text size="sm" c="dimmed">
            No members.
          </Text>
        ) : (
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Roles</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {effective.map((e) => (
                <Table.Tr key={e.user_id}>
                  <Table.Td>{e.email}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {e.roles.length ? (
                        e.roles.map((r) => (
                          <Badge key={r} variant="light" tt="none">
                            {ROLE_LABELS[r]}
                          </Badge>
                        ))
                      ) : (
                        <Text size="sm" c="dimmed">
                          None yet
                        </Text>
                      )}
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
