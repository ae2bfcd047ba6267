import { Anchor, Table } from '@mantine/core';
import { formatRate, formatZmw } from '@/lib/format';
import type { LenderTotals } from '@shared/api/reconciliation';
import { collectionRate } from '@shared/rules/collection-rate';

const rate = (lender: LenderTotals) => formatRate(collectionRate(lender.expected_total, lender.applied_total));

/** Every lender the caller may see: its totals and collection rate; choosing one opens its lines. */
export function LendersTable({ lenders, onChoose }: { lenders: readonly LenderTotals[]; onChoose: (payeeKey: string) => void }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover aria-label="Reconciliation per lender">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lender</Table.Th>
            <Table.Th>Payee key</Table.Th>
            <Table.Th ta="right">Expected</Table.Th>
            <Table.Th ta="right">Applied</Table.Th>
            <Table.Th ta="right">Collected</Table.Th>
            <Table.Th ta="right">Short</Table.Th>
            <Table.Th ta="right">Not applied</Table.Th>
            <Table.Th ta="right">Unexpected</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lenders.map((lender) => (
            <Table.Tr key={lender.payee_key}>
              <Table.Td>
                <Anchor component="button" type="button" onClick={() => onChoose(lender.payee_key)}>
                  {lender.org_name ?? lender.payee_key}
                </Anchor>
              </Table.Td>
              <Table.Td>{lender.payee_key}</Table.Td>
              <Table.Td ta="right">{formatZmw(lender.expected_total)}</Table.Td>
              <Table.Td ta="right">{formatZmw(lender.applied_total)}</Table.Td>
              <Table.Td ta="right">{rate(lender)}</Table.Td>
              <Table.Td ta="right">{lender.counts.short}</Table.Td>
              <Table.Td ta="right">{lender.counts.not_applied}</Table.Td>
              <Table.Td ta="right">{lender.counts.unexpected}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
