import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDateTime } from '@/lib/format';
import type { DisputeView } from '@shared/api/disputes';
import { organisationLabel } from '@shared/rules/display-name';
import { DisputeBadge, NotApprovedBadge } from './dispute-badge';

/** The disputes, newest first: when, whose deduction, which lender and month, where it stands. */
export function DisputeTable({ items, onView }: { items: readonly DisputeView[]; onView: (id: string) => void }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped highlightOnHover verticalSpacing="sm" withTableBorder data-testid="disputes-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Opened</Table.Th>
            <Table.Th>NRC</Table.Th>
            <Table.Th>Lender</Table.Th>
            <Table.Th>Month</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((d) => (
            <Table.Tr key={d.id} data-testid="dispute-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(d.opened.at)}
                {d.opened_by === 'employee' && (
                  <Badge ml="xs" size="sm" variant="light" color="grape" data-testid="opened-by-employee">
                    Opened by the employee
                  </Badge>
                )}
                {d.not_approved && <NotApprovedBadge />}
              </Table.Td>
              <Table.Td>
                <Text span ff="monospace" size="sm">
                  {d.nrc}
                </Text>
              </Table.Td>
              <Table.Td>{organisationLabel(d.org_name, d.payee_key)}</Table.Td>
              <Table.Td>{d.month}</Table.Td>
              <Table.Td>
                <DisputeBadge status={d.status} />
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  size="xs"
                  variant={d.can_respond || d.can_decide ? 'filled' : 'default'}
                  onClick={() => onView(d.id)}
                  aria-label={`${d.can_respond ? 'Respond to' : d.can_decide ? 'Decide' : 'View'} the dispute on ${d.nrc}`}
                >
                  {d.can_respond ? 'Respond' : d.can_decide ? 'Decide' : 'View'}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
