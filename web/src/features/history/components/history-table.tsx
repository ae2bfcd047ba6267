import { Badge, Group, Table, Text } from '@mantine/core';
import { formatAmount, formatDate, formatDateTime, kindLabel } from '@/lib/format';
import type { HistoryItem } from '@shared/api/history';

/** Start Date, Submitted, Org Name, Payee Key, Type, Installment (spec part 2 §2), newest month first. */
export function HistoryTable({ items, caption }: { items: readonly HistoryItem[]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={760}>
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
                  <Badge variant="light" color={item.kind === 'input' ? 'blue' : 'gray'} tt="none">
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
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
