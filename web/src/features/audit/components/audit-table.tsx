import { Badge, Code, Table, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/format';
import type { AuditItem } from '@shared/api/audit';

const OUTCOME_COLOURS = { ok: 'teal', refused: 'orange', failed: 'red' } as const;

/** A short line of an entry's details: its most telling fields, never the whole object. */
function detailsLine(details: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const key of ['path', 'status', 'error', 'matched_count', 'nrc_count', 'reason', 'role', 'shown']) {
    const value = details[key];
    if (value !== undefined && value !== null && value !== '') parts.push(`${key}: ${String(value)}`);
  }
  return parts.join(' · ');
}

export function AuditTable({ items, caption }: { items: readonly AuditItem[]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm" withTableBorder>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Actor</Table.Th>
            <Table.Th>Roles</Table.Th>
            <Table.Th>Organisation</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Target</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.ts, { seconds: true })}</Table.Td>
              <Table.Td>
                {item.actor_email ?? (
                  <Text span c="dimmed" size="sm">
                    anonymous
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{item.actor_roles.join(', ') || '—'}</Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {item.org_id ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Code>{item.action}</Code>
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {item.subject}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={OUTCOME_COLOURS[item.outcome]}>
                  {item.outcome}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {detailsLine(item.details)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
