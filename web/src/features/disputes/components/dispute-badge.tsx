import { Badge } from '@mantine/core';
import { DISPUTE_STATUS_LABELS, NOT_APPROVED_LABEL, type DisputeStatus } from '@shared/api/disputes';

const COLOURS: Record<DisputeStatus, string> = { open: 'yellow', answered: 'blue', upheld: 'red', dismissed: 'gray' };

export function DisputeBadge({ status }: { status: DisputeStatus }) {
  return (
    <Badge variant="light" color={COLOURS[status]} tt="none" data-testid="dispute-status">
      {DISPUTE_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A dispute of a deduction the payroll took with no approved line (UNEXPECTED in the month's reconciliation). */
export function NotApprovedBadge() {
  return (
    <Badge ml="xs" size="sm" variant="light" color="red" tt="none" data-testid="not-approved">
      {NOT_APPROVED_LABEL}
    </Badge>
  );
}
