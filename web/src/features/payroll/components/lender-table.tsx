import { Table, Text } from '@mantine/core';
import { formatCount, formatZmw } from '@/lib/format';
import type { ScheduleResponse } from '@shared/api/payroll';

const NUMBER = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

/** The schedule's totals per lender, and what changed for each since the last frozen version. */
export function LenderTable({ schedule }: { schedule: ScheduleResponse }) {
  const changes = new Map(schedule.changes.map((c) => [c.payee_key, c]));
  const showChanges = schedule.previous !== null;
  const changed = (count: number | undefined, sign: string) => (count ? `${sign}${formatCount(count)}` : '—');
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped highlightOnHover aria-label={`Totals per lender, ${schedule.month}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lender</Table.Th>
            <Table.Th>Payee key</Table.Th>
            <Table.Th style={NUMBER}>Lines</Table.Th>
            <Table.Th style={NUMBER}>Total</Table.Th>
            {showChanges && (
              <>
                <Table.Th style={NUMBER}>Added</Table.Th>
                <Table.Th style={NUMBER}>Removed</Table.Th>
                <Table.Th style={NUMBER}>Changed</Table.Th>
              </>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schedule.by_lender.map((lender) => (
            <Table.Tr key={lender.payee_key}>
              <Table.Td>{lender.org_name}</Table.Td>
              <Table.Td ff="monospace">{lender.payee_key}</Table.Td>
              <Table.Td style={NUMBER}>{formatCount(lender.lines)}</Table.Td>
              <Table.Td style={NUMBER}>{formatZmw(lender.total)}</Table.Td>
              {showChanges && (
                <>
                  <Table.Td style={NUMBER}>{changed(changes.get(lender.payee_key)?.added, '+')}</Table.Td>
                  <Table.Td style={NUMBER}>{changed(changes.get(lender.payee_key)?.removed, '−')}</Table.Td>
                  <Table.Td style={NUMBER}>{changed(changes.get(lender.payee_key)?.changed, '')}</Table.Td>
                </>
              )}
            </Table.Tr>
          ))}
          {/* A lender whose every line left the schedule since the last version. */}
          {schedule.changes
            .filter((c) => !schedule.by_lender.some((l) => l.payee_key === c.payee_key))
            .map((c) => (
              <Table.Tr key={c.payee_key}>
                <Table.Td>{c.org_name}</Table.Td>
                <Table.Td ff="monospace">{c.payee_key}</Table.Td>
                <Table.Td style={NUMBER}>0</Table.Td>
                <Table.Td style={NUMBER}>{formatZmw(0)}</Table.Td>
                <Table.Td style={NUMBER}>{changed(c.added, '+')}</Table.Td>
                <Table.Td style={NUMBER}>{changed(c.removed, '−')}</Table.Td>
                <Table.Td style={NUMBER}>{changed(c.changed, '')}</Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>All lenders</Table.Th>
            <Table.Th />
            <Table.Th style={NUMBER}>{formatCount(schedule.lines)}</Table.Th>
            <Table.Th style={NUMBER}>
              <Text span fw={700} data-testid="schedule-total">
                {formatZmw(schedule.total)}
              </Text>
            </Table.Th>
            {showChanges && <Table.Th colSpan={3} />}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
