import { Badge } from '@mantine/core';
import { DISPUTE_STATUS_LABELS, type DisputeStatus } from '@shared/api/disputes';

const COLOURS: Record<DisputeStatus, string> = { open: 'yellow', answered: 'blue', upheld: 'red', dismissed: 'gray' };

export function DisputeBadge({ status }: { status: DisputeStatus }) {
  return (
    <Badge variant="light" color={COLOURS[status]} tt="none" data-testid="dispute-status">
      {DISPUTE_STATUS_LABELS[status]}
    </Badge>
  );
}
