import { Badge, Card, Stack, Text } from '@mantine/core';
import { formatDateTime, formatMonth } from '@/lib/format';
import { EMPLOYEE_DISPUTE_STATUS_LABELS, type PortalDispute } from '@shared/api/portal';
import { useMyDisputes } from '../api/portal';
import { ListState, PortalHeading } from './portal-states';

const COLOURS: Record<PortalDispute['status'], string> = { open: 'blue', answered: 'yellow', upheld: 'teal', dismissed: 'gray' };

function DisputeCard({ d }: { d: PortalDispute }) {
  return (
    <Card withBorder radius="md" padding="md" component="li" data-testid="my-dispute">
      <Stack gap={6}>
        <Text fw={600}>{`${d.org_name ?? 'Unknown lender'} · ${formatMonth(d.month)}`}</Text>
        <Badge color={COLOURS[d.status]} variant="light" radius="sm" style={{ textTransform: 'none', alignSelf: 'flex-start' }}>
          {EMPLOYEE_DISPUTE_STATUS_LABELS[d.status]}
        </Badge>
        <Text size="sm" c="dimmed">
          {`${d.opened_by === 'employee' ? 'You reported it' : 'A reviewer reported it for you'} on ${formatDateTime(d.opened_at)}`}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {d.reason}
        </Text>
        {d.decision && (
          <Text size="sm">
            <Text span fw={600}>
              Decision:
            </Text>{' '}
            {d.decision.note}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The employee's reports of deductions and where each stands. */
export function DisputesScreen() {
  const disputes = useMyDisputes();
  const items = disputes.data?.items ?? [];
  return (
    <Stack gap="md">
      <PortalHeading title="Your reports">Deductions you or a reviewer reported, and what was decided. We text you when a report is decided.</PortalHeading>
      <ListState query={disputes} empty={disputes.data?.items.length === 0} what="reports" />
      {items.length > 0 && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your reports">
          {items.map((d) => (
            <DisputeCard key={d.id} d={d} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
