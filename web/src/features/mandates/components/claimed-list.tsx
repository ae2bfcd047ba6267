import { Badge, Card, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatDateTime, formatZmw } from '@/lib/format';
import type { MandateView } from '@shared/api/mandates';
import { useClaimedMandates } from '../api/lender-mandates';
import { mandateStatus } from './mandate-format';

function StateBadge({ m }: { m: MandateView }) {
  const status = mandateStatus(m, 'lender');
  return (
    <Badge variant="light" color={status.color} style={{ textTransform: 'none' }}>
      {status.label}
    </Badge>
  );
}

/** On a phone: one card a mandate, its facts as a short list, nothing scrolled out of sight. */
function ClaimedCards({ mandates }: { mandates: readonly MandateView[] }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Claimed mandates">
      {mandates.map((m) => (
        <Card key={m.number} component="li" withBorder radius="md" padding="sm" data-testid="claimed-mandate">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Text fw={700} ff="monospace">
                {m.number}
              </Text>
              <StateBadge m={m} />
            </Group>
            <Text size="sm">{`NRC ${m.nrc} · ${m.payee_key}`}</Text>
            <Text size="sm">{`Up to ${formatZmw(m.max_monthly)} a month until ${m.last_month}`}</Text>
            <Text size="xs" c="dimmed">{`Claimed ${m.claimed_at ? formatDateTime(m.claimed_at) : '—'} · used from ${m.used_month ?? 'not yet'}`}</Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function ClaimedTable({ mandates }: { mandates: readonly MandateView[] }) {
  return (
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
          {mandates.map((m) => (
            <Table.Tr key={m.number}>
              <Table.Td ff="monospace">{m.number}</Table.Td>
              <Table.Td>{m.nrc}</Table.Td>
              <Table.Td>{m.payee_key}</Table.Td>
              <Table.Td ta="right">{formatZmw(m.max_monthly)}</Table.Td>
              <Table.Td>{m.last_month}</Table.Td>
              <Table.Td>{m.claimed_at ? formatDateTime(m.claimed_at) : '—'}</Table.Td>
              <Table.Td>
                <StateBadge m={m} />
              </Table.Td>
              <Table.Td>{m.used_month ?? 'Not yet'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The lender's claimed mandates with their use: loading, failed, empty, a table, or cards on a phone. */
export function ClaimedList() {
  const list = useClaimedMandates();
  const wide = useMediaQuery('(min-width: 48em)') ?? true;
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
            No mandate claimed yet. Claim one above with the number and PIN the employee gives you, then cite it in the MANDATE column of the first file that
            deducts.
          </Text>
        )}
        {list.isSuccess &&
          list.data.mandates.length > 0 &&
          (wide ? <ClaimedTable mandates={list.data.mandates} /> : <ClaimedCards mandates={list.data.mandates} />)}
      </Stack>
    </Card>
  );
}
