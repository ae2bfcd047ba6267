import { Badge, Group, Loader, Table, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/format';
import { WEBHOOK_EVENT_LABELS, type WebhookDelivery } from '@shared/api/webhooks';
import { useWebhookDeliveries } from '../api/webhooks';
import { TeamErrorAlert } from './team-error-alert';

const STATUS: Record<WebhookDelivery['status'], { label: string; color: string }> = {
  delivered: { label: 'Delivered', color: 'green' },
  pending: { label: 'Retrying', color: 'yellow' },
  failed: { label: 'Failed', color: 'red' },
};

function lastAnswer(d: WebhookDelivery): string {
  if (d.attempts === 0) return 'Not tried yet';
  if (d.last_status_code !== null) return `HTTP ${d.last_status_code}`;
  return d.last_error ?? 'No answer';
}

/** An endpoint's latest deliveries, newest first: what was sent, whether it arrived, and when it is tried again. */
export function WebhookDeliveries({ id, url }: { id: string; url: string }) {
  const deliveries = useWebhookDeliveries(id);
  if (deliveries.isLoading)
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text c="dimmed">Loading the deliveries…</Text>
      </Group>
    );
  if (deliveries.error) return <TeamErrorAlert error={deliveries.error} />;
  const rows = deliveries.data?.deliveries ?? [];
  if (!rows.length)
    return (
      <Text c="dimmed" size="sm">
        Nothing delivered to {url} yet. Deliveries appear here as the events you chose happen.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" aria-label={`Deliveries to ${url}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>Happened</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Last answer</Table.Th>
            <Table.Th>Next attempt</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((d) => (
            <Table.Tr key={d.event_id}>
              <Table.Td>
                <Text size="sm" title={d.event_id}>
                  {WEBHOOK_EVENT_LABELS[d.type]}
                </Text>
              </Table.Td>
              <Table.Td>{formatDateTime(d.created_at)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS[d.status].color}>
                  {STATUS[d.status].label}
                </Badge>
              </Table.Td>
              <Table.Td>{d.attempts}</Table.Td>
              <Table.Td>{lastAnswer(d)}</Table.Td>
              <Table.Td>{d.next_attempt_at ? formatDateTime(d.next_attempt_at) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
