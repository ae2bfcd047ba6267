import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatCount, formatDate, formatZmw } from '@/lib/format';
import type { Statement } from '@shared/api/remittances';
import { STATE_COLORS, STATE_LABELS, differenceLine, stateOf } from './statement-words';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

interface Actions {
  onDownload: (statement: Statement, kind: 'pdf' | 'csv') => void;
  onRecord: (statement: Statement) => void;
  onResolve: (statement: Statement) => void;
}

function Received({ statement }: { statement: Statement }) {
  const received = statement.received;
  if (!received)
    return (
      <Text size="sm" c="dimmed">
        Nothing recorded yet
      </Text>
    );
  return (
    <Stack gap={2}>
      <Text size="sm">{`${formatZmw(received.amount)} on ${formatDate(received.received_on, 'long')}`}</Text>
      {received.difference !== 0 && (
        <Text size="sm" c={received.state === 'difference' ? 'red.9' : 'dimmed'}>
          {differenceLine(statement)}
        </Text>
      )}
      {received.resolution && <Text size="sm" c="dimmed">{`Resolved by ${received.resolution.by}: “${received.resolution.note}”`}</Text>}
    </Stack>
  );
}

/** The month's statements: number, lender, what was remitted, what arrived and where each stands, with their files and actions. */
export function StatementsTable({ statements, ...actions }: { statements: readonly Statement[] } & Actions) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped verticalSpacing="sm" aria-label="Remittance statements">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Statement</Table.Th>
            <Table.Th>Lender</Table.Th>
            <Table.Th ta="right">Total remitted</Table.Th>
            <Table.Th ta="right">Lines</Table.Th>
            <Table.Th>Received</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {statements.map((statement) => (
            <Table.Tr key={statement.statement_number}>
              <Table.Td style={NOWRAP}>
                <Text size="sm" fw={600}>
                  {statement.statement_number}
                </Text>
                <Text size="xs" c="dimmed">{`Schedule version ${statement.schedule_version}`}</Text>
              </Table.Td>
              <Table.Td>{statement.org_name ? `${statement.org_name} (${statement.payee_key})` : statement.payee_key}</Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                {formatZmw(statement.total)}
              </Table.Td>
              <Table.Td ta="right">{formatCount(statement.lines)}</Table.Td>
              <Table.Td>
                <Received statement={statement} />
              </Table.Td>
              <Table.Td style={NOWRAP}>
                <Badge color={STATE_COLORS[stateOf(statement)]} variant="light" style={{ textTransform: 'none', minWidth: 'max-content' }}>
                  {STATE_LABELS[stateOf(statement)]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconDownload size={14} aria-hidden />}
                    aria-label={`Download ${statement.statement_number} as PDF`}
                    onClick={() => actions.onDownload(statement, 'pdf')}
                  >
                    PDF
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconDownload size={14} aria-hidden />}
                    aria-label={`Download ${statement.statement_number} as CSV`}
                    onClick={() => actions.onDownload(statement, 'csv')}
                  >
                    CSV
                  </Button>
                  {statement.can_record_receipt && (
                    <Button size="xs" variant="light" onClick={() => actions.onRecord(statement)}>
                      {statement.received ? 'Correct receipt' : 'Record receipt'}
                    </Button>
                  )}
                  {statement.can_resolve && (
                    <Button size="xs" color="red" variant="light" onClick={() => actions.onResolve(statement)}>
                      Resolve
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
