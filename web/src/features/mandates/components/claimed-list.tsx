import { Badge, Card, Center, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatDateTime } from '@/lib/format';
import { useClaimedMandates } from '../api/lender-mandates';
import { formatLimit, STATE_COLORS, stateLabel } from './mandate-format';

/** The lender's claimed mandates with their use: loading, failed, empty or the table. */
export function ClaimedList() {
  const list = useClaimedMandates();
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="claimed-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="claimed-title">
          Claimed mandates
        </Title>
        {list.isPending && (
          <Center py="lg">
            <Loader size="sm" aria-label="Loading the claimed mandates" />
          </Center>
        )}
        {list.isError && <ErrorAlert error={list.error} title="The mandates could not be loaded" />}
        {list.isSuccess && list.data.mandates.length === 0 && (
          <Text c="dimmed" size="sm" data-testid="mandates-empty">
            No mandate claimed yet. Claim one above with the number and PIN the employee gives you, then cite it in the MANDATE column of the first file that deducts.
          </Text>
        )}
        {list.isSuccess && list.data.mandates.length > 0 && (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover aria-label="Claimed mandates">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Mandate</Table.Th>
                  <Table.Th>NRC</Table.Th>
                  <Table.Th>Payee key</Table.Th>
                  <Table.Th ta="right">Most a month</Table.Th>
                  <Table.Th>Last month</Table.Th>
                  <Table.Th>Claimed</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Used from</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.mandates.map((m) => (
                  <Table.Tr key={m.number}>
                    <Table.Td ff="monospace">{m.number}</Table.Td>
                    <Table.Td>{m.nrc}</Table.Td>
                    <Table.Td>{m.payee_key}</Table.Td>
                    <Table.Td ta="right">{formatLimit(m.max_monthly)}</Table.Td>
                    <Table.Td>{m.last_month}</Table.Td>
                    <Table.Td>{m.claimed_at ? formatDateTime(m.claimed_at) : '—'}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATE_COLORS[stateLabel(m)]}>
                        {stateLabel(m)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{m.used_month ?? 'Not yet'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
