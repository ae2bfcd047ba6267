import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { formatAmount, formatDate, formatDateTime, kindLabel } from '@/lib/format';
import type { HistoryItem } from '@shared/api/history';

const KIND_COLOURS: Record<HistoryItem['kind'], string> = { input: 'blue', stoppage: 'gray', unexpected: 'red' };
const STATUS_WORDS: Record<NonNullable<HistoryItem['applied_status']>, { label: string; color: string }> = {
  applied: { label: 'applied', color: 'teal' },
  short: { label: 'short', color: 'orange' },
  not_applied: { label: 'not applied', color: 'red' },
  unexpected: { label: 'not approved', color: 'red' },
};

/** What the payroll deducted for the row, its status in words and the payroll's reason; a dash before the month is reconciled. */
function AppliedCell({ item }: { item: HistoryItem }) {
  if (item.applied_status === null || item.applied === null)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  const status = STATUS_WORDS[item.applied_status];
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <Badge variant="light" color={status.color} tt="none" data-testid="history-applied-status">
          {status.label}
        </Badge>
        <Text span size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {formatAmount(item.applied)}
        </Text>
      </Group>
      {item.applied_reason && (
        <Text size="xs" c="dimmed">
          {item.applied_reason}
        </Text>
      )}
    </Stack>
  );
}

/** Start Date, Submitted, Org Name, Payee Key, Type, Installment (spec part 2 §2), what the payroll deducted, newest month first. */
export function HistoryTable({ items, caption }: { items: readonly HistoryItem[]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm" withTableBorder data-testid="history-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Start Date</Table.Th>
            <Table.Th>Submitted</Table.Th>
            <Table.Th>Org Name</Table.Th>
            <Table.Th>Payee Key</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th ta="right">Installment</Table.Th>
            <Table.Th>Payroll deducted</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item, index) => (
            <Table.Tr key={`${item.month}#${item.payee_key}#${item.kind}#${index}`} data-testid="history-row" c={item.rejected ? 'dimmed' : undefined}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(item.start_date)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.submitted_at)}</Table.Td>
              <Table.Td>{item.org_name ?? '—'}</Table.Td>
              <Table.Td>
                <Text span ff="monospace" size="sm">
                  {item.payee_key}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Badge variant="light" color={KIND_COLOURS[item.kind]} tt="none">
                    {kindLabel(item.kind)}
                  </Badge>
                  {item.rejected && (
                    <Badge
                      variant="light"
                      color="orange"
                      tt="none"
                      data-testid="history-rejected"
                      title="Compliance rejected the file this row came from: it is not counted"
                    >
                      rejected
                    </Badge>
                  )}
                  {item.without_nrc && (
                    <Badge
                      variant="light"
                      color="grape"
                      tt="none"
                      data-testid="history-without-nrc"
                      title="Filed without an NRC; found through a record that ties this employee number to the NRC"
                    >
                      {`no NRC · employee ${item.employee_no ?? ''}`}
                    </Badge>
                  )}
                  {item.dispute === 'upheld' && (
                    <Badge
                      variant="light"
                      color="red"
                      tt="none"
                      data-testid="history-disputed"
                      title="A dispute of this deduction was upheld: the borrower did not take this loan"
                    >
                      disputed — upheld
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                <Group gap={6} justify="flex-end" wrap="nowrap">
                  {item.counted && (
                    <Badge size="xs" variant="dot" color="teal" tt="none" title="Counted in the total monthly installment">
                      in total
                    </Badge>
                  )}
                  <span>{formatAmount(item.installment)}</span>
                </Group>
              </Table.Td>
              <Table.Td>
                <AppliedCell item={item} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
