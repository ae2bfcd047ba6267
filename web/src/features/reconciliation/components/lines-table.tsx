import { Badge, Table, Text } from '@mantine/core';
import { formatZmw } from '@/lib/format';
import type { ReconciliationResponse } from '@shared/api/reconciliation';
import { STATUS_COLORS, STATUS_LABELS } from './reconciliation-totals';

/** One page of a lender's lines: what the schedule asked, what the payroll took, and why not in full. */
export function LinesTable({ lines }: { lines: ReconciliationResponse['lines'] }) {
  if (!lines.length) return <Text c="dimmed">No lines match. Clear the status or the NRC to see them all.</Text>;
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped aria-label="Reconciliation lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Employee No.</Table.Th>
            <Table.Th>NRC</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th ta="right">Expected</Table.Th>
            <Table.Th ta="right">Applied</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            <Table.Tr key={`${line.employee_no}-${line.status}-${index}`}>
              <Table.Td>{line.employee_no}</Table.Td>
              <Table.Td>{line.nrc}</Table.Td>
              <Table.Td>{line.name || '—'}</Table.Td>
              <Table.Td ta="right">{formatZmw(line.expected)}</Table.Td>
              <Table.Td ta="right">{formatZmw(line.applied)}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[line.status]} variant="light" style={{ textTransform: 'none' }}>
                  {STATUS_LABELS[line.status]}
                </Badge>
              </Table.Td>
              <Table.Td>{line.reason ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
