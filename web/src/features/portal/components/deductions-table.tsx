import { Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatMonth, formatZmw } from '@/lib/format';
import type { PortalDeduction } from '@shared/api/portal';
import { AppliedNote, DisputeNote, LenderName, MandateNote, REPORT_LABEL, SignalList, StateBadge } from './deduction-parts';

/** The deductions on a wide screen: one row each, newest month first. */
export function DeductionsTable({
  items,
  mandateOf,
  onReport,
}: {
  items: readonly PortalDeduction[];
  mandateOf: (d: PortalDeduction) => string | null;
  onReport: (d: PortalDeduction) => void;
}) {
  return (
    <Table verticalSpacing="sm" withTableBorder striped data-testid="deductions-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Month</Table.Th>
          <Table.Th>Lender</Table.Th>
          <Table.Th ta="right">Asked</Table.Th>
          <Table.Th>Where it stands</Table.Th>
          <Table.Th>
            <VisuallyHidden>Report</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((d, i) => (
          <Table.Tr key={`${d.month}-${d.payee_key}-${i}`} data-testid="deduction-row">
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMonth(d.month)}</Table.Td>
            <Table.Td>
              <Stack gap={4}>
                <div>
                  <LenderName d={d} />
                </div>
                <MandateNote number={mandateOf(d)} />
                <SignalList signals={d.signals} />
              </Stack>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {d.state === 'stopped' ? (
                <Text span c="dimmed">
                  —
                </Text>
              ) : (
                formatZmw(d.installment)
              )}
            </Table.Td>
            <Table.Td>
              <Stack gap={4}>
                <StateBadge state={d.state} />
                <AppliedNote d={d} />
                <DisputeNote dispute={d.dispute} inFavour={d.decided_in_your_favour} />
              </Stack>
            </Table.Td>
            <Table.Td ta="right">
              {d.can_report && (
                <Button
                  size="xs"
                  variant="outline"
                  color="red"
                  onClick={() => onReport(d)}
                  aria-label={`${REPORT_LABEL}: ${d.org_name ?? d.payee_key}, ${formatMonth(d.month)}`}
                >
                  This is not mine
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
